import { useSearchParams } from 'react-router';
import { CheckoutFlow } from '../components/checkout-flow';
import { QuickPaymentLanding } from '../components/quick-payment-landing';

/** /checkout, and /checkout?success=true&quick=true after an express payment from the cart. */
export function CheckoutPage() {
  const [params] = useSearchParams();
  if (params.get('success') === 'true' && params.get('quick') === 'true') return <QuickPaymentLanding params={params} />;
  return <CheckoutFlow />;
}
