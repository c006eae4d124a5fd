import { AlertTriangle, CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';

export type PaymentOutcome = 'success' | 'cancel' | 'pending' | 'error';

type PaymentResultProps = { outcome: PaymentOutcome; title: string; children: ReactNode; actions?: ReactNode };

const icons = { success: CheckCircle2, cancel: XCircle, pending: Clock, error: AlertTriangle } as const;
const colours: Record<PaymentOutcome, string> = {
  success: 'text-emerald-600 dark:text-emerald-400',
  cancel: 'text-amber-600 dark:text-amber-400',
  pending: 'text-sky-600 dark:text-sky-400',
  error: 'text-red-600 dark:text-red-400',
};

/** A payment return page (quick pay, PayPal, Klarna, Stripe): one clear outcome and where to go next. */
export function PaymentResult({ outcome, title, children, actions }: PaymentResultProps) {
  const Icon = icons[outcome];
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 text-center sm:py-16">
      <Icon aria-hidden="true" className={`mx-auto size-14 ${colours[outcome]}`} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance">{title}</h1>
      <div className="mt-3 grid gap-2 text-slate-700 dark:text-slate-300">{children}</div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {actions ?? (
          <>
            <ButtonLink to="/compte?tab=orders">Voir mes commandes</ButtonLink>
            <ButtonLink to="/boutique" variant="secondary">
              Continuer les achats
            </ButtonLink>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * A payment page opened without a payment to confirm (by hand, an old bookmark): it says so, and
 * where to find orders and their state. Never « Paiement accepté » without a paid order.
 */
export function NoPaymentToConfirm() {
  return (
    <PaymentResult outcome="pending" title="Aucun paiement à confirmer">
      <p>Cette page confirme un paiement au retour du site de paiement, et aucun paiement n’y est indiqué.</p>
      <p>Vos commandes et leur état sont dans votre espace client, et dans l’e-mail reçu à chaque commande.</p>
    </PaymentResult>
  );
}
