import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate, Link } from 'react-router';
import { cartUnitPrice } from '@erepare/shared/cart';
import { shopMessages } from '@erepare/shared/shop';
import { isRelayShippingId, toOrderRelayPoint, type OrderRelayPoint } from '@erepare/shared/relay-points';
import type { Order } from '@erepare/shared/schemas/shop';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { clearCart } from '../../../lib/cart-store';
import { useSession } from '../../../lib/session';
import { shopQueries } from '../../../lib/shop-api';
import { createOrder, OrderCreationError, staleTotalCode } from '../../../lib/orders-api';
import { useCheckoutForm } from '../hooks/use-checkout-form';
import { useCheckoutPricing } from '../hooks/use-checkout-pricing';
import { usePricingRefresh } from '../../../lib/use-pricing-refresh';
import { CHECKOUT_STEPS, stepFields, type CheckoutField, type StepNumber } from '../lib/checkout-form';
import { buildOrderRequest, orderLineItems } from '../lib/order-request';
import { clearCheckoutDraft } from '../lib/checkout-draft';
import { orderPagePath, rememberOrder } from '../../../lib/order-reference';
import { orderLines, orderTotals } from '../lib/order-view';
import { defaultShippingMethod, gatewaysFor, selectableShippingMethods } from '../lib/shipping';
import type { DisplayLine } from './cart-lines';
import { CheckoutProgress } from './checkout-progress';
import { EmptyCheckout } from './empty-checkout';
import { OrderFailureAlert, type OrderFailure } from './order-failure-alert';
import { OrderSummary } from './order-summary';
import { PendingPaymentStep } from './pending-payment-step';
import { PromoCodeBox } from './promo-code-box';
import { useFreshCart } from '../../../lib/use-fresh-cart';
import { CartChanges } from '../../../components/cart-changes';
import { StepHeading } from './step-heading';
import { StepInformation } from './step-information';
import { StepPayment } from './step-payment';
import { StepReview } from './step-review';
import { StepShipping } from './step-shipping';

type Step = StepNumber | 5;

function relaySummary(point: OrderRelayPoint): { name: string; address: string } {
  return { name: point.name, address: [point.address_1, point.address_2, `${point.postcode} ${point.city}`].filter((part) => part.trim()).join(', ') };
}
/** The order waiting for its online payment, with the request that created it. */
type PendingOrder = { order: Order; key: string; request: string };

/**
 * Checkout, main variant of spec 2 §2: four steps with Suivant / Précédent, the side summary, the
 * order creation, and step 5 for online payments. The server prices the order; the figures shown
 * here use the same shared rules so they match.
 */
export function CheckoutFlow() {
  const navigate = useNavigate();
  const session = useSession();
  const shippingQuery = useQuery(shopQueries.shippingMethods());
  const gatewaysQuery = useQuery(shopQueries.paymentGateways());
  const methods = useMemo(() => (shippingQuery.data ? selectableShippingMethods(shippingQuery.data) : undefined), [shippingQuery.data]);
  const gateways = gatewaysQuery.data;

  const { form, field } = useCheckoutForm();
  const { setValue, getValues, trigger, getFieldState, setFocus } = form;
  const [shippingMethodId, paymentMethodId] = useWatch({ control: form.control, name: ['shippingMethod', 'paymentMethod'] });
  const relayChoice = useWatch({ control: form.control, name: 'relayChoice' });
  const selectedMethod = methods?.find((method) => method.id === shippingMethodId) ?? null;
  const needsAddress = selectedMethod?.needs_address ?? true;
  // colissimo_relais, or lpc_relay (the Colissimo plugin's id for the same method).
  const needsRelay = Boolean(selectedMethod?.needs_relay) || isRelayShippingId(shippingMethodId);
  const pricingRefresh = usePricingRefresh();
  const pricing = useCheckoutPricing(selectedMethod, pricingRefresh.overrides);
  const { cart, coupon, totals } = pricing;
  // The server's current prices and stock, as soon as the page shows (issue 22 §3.3).
  const fresh = useFreshCart(cart.items);

  const [step, setStep] = useState<Step>(1);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<OrderFailure | null>(null);
  const [pending, setPending] = useState<PendingOrder | null>(null);
  const [placed, setPlaced] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const stepChanged = useRef(false);

  // The first usable method is preselected; an unknown one (list changed) is replaced.
  useEffect(() => {
    if (!methods?.length) return;
    if (!methods.some((method) => method.id === getValues('shippingMethod'))) {
      setValue('shippingMethod', defaultShippingMethod(methods));
    }
  }, [methods, getValues, setValue]);

  // In-store pickup skips the address (and its validation).
  useEffect(() => {
    setValue('needsAddress', needsAddress);
  }, [needsAddress, setValue]);

  // A relay method needs a chosen relay point (the picker of step 2).
  useEffect(() => {
    setValue('needsRelay', needsRelay);
  }, [needsRelay, setValue]);

  // Only the payment methods allowed with the chosen delivery can stay selected (cod: pickup only).
  useEffect(() => {
    if (!gateways) return;
    const allowed = gatewaysFor(gateways, shippingMethodId);
    if (!allowed.some((gateway) => gateway.id === paymentMethodId)) setValue('paymentMethod', allowed[0]?.id ?? '');
  }, [gateways, shippingMethodId, paymentMethodId, setValue]);

  // A signed-in customer's details fill the empty fields (never overwrite what was typed).
  const user = session.data;
  useEffect(() => {
    if (!user) return;
    const prefill: [CheckoutField, string][] = [
      ['email', user.email],
      ['firstName', user.first_name],
      ['lastName', user.last_name],
      ['phone', user.phone],
      ['address1', user.address],
      ['city', user.city],
      ['postcode', user.postal_code],
    ];
    for (const [name, value] of prefill) {
      const current = getValues(name);
      if (typeof current === 'string' && !current.trim() && value) setValue(name, value);
    }
  }, [user, getValues, setValue]);

  // Each step starts at its heading, for keyboard and screen-reader users alike.
  useEffect(() => {
    if (!stepChanged.current) return;
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const goTo = useCallback((next: Step) => {
    stepChanged.current = true;
    setAnnouncement('');
    setStep(next);
  }, []);

  /** Shows the errors of a step: focus on the first invalid field, the list in the live region. */
  const reportErrors = (fields: CheckoutField[]) => {
    const messages: string[] = [];
    let first: CheckoutField | null = null;
    for (const name of fields) {
      const message = getFieldState(name).error?.message;
      if (!message) continue;
      messages.push(message);
      first ??= name;
    }
    if (first) setFocus(first);
    setAnnouncement(messages.length ? `Veuillez corriger : ${messages.join(', ')}.` : '');
  };

  const next = async () => {
    if (step === 5 || step === 4) return;
    const fields = stepFields(step, needsAddress, needsRelay);
    if (!(await trigger(fields))) {
      reportErrors(fields);
      return;
    }
    goTo((step + 1) as StepNumber);
  };

  const finishPaid = (reference: { id: number; key: string }) => {
    setPlaced(true);
    clearCart();
    clearCheckoutDraft();
    rememberOrder({ ...reference, cartCleared: true });
    void navigate(orderPagePath(reference));
  };

  const placeOrder = async () => {
    if (busy) return;
    if (!(await trigger())) {
      // Back to the first step that does not validate (its data may have changed since).
      for (const { number } of CHECKOUT_STEPS) {
        const fields = stepFields(number, needsAddress, needsRelay);
        if (fields.some((name) => getFieldState(name).invalid)) {
          if (number !== step) goTo(number);
          window.setTimeout(() => reportErrors(fields), 0);
          return;
        }
      }
      return;
    }
    const lineItems = orderLineItems(cart.items);
    if (lineItems.length === 0) {
      setFailure({ message: shopMessages.emptyCartAtSubmit, issues: [] });
      return;
    }
    const request = buildOrderRequest(getValues(), {
      items: cart.items,
      couponCode: coupon?.code ?? null,
      useLoyalty: pricing.useLoyalty,
      // The total of the summary: the server refuses the order (409) if its own differs.
      expectedTotalCents: totals.totalCents,
    });
    // Back from step 5 with nothing changed: the same order is still waiting, no second one is created.
    if (pending && pending.request === JSON.stringify(request)) {
      goTo(5);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const order = await createOrder(request);
      const reference = { id: order.id, key: order.order_key ?? '' };
      const gateway = gateways?.find((candidate) => candidate.id === order.payment_method);
      const online = gateway ? gateway.kind === 'online' : order.status === 'pending';
      if (online && order.needs_payment) {
        // The cart stays until the payment succeeds (the customer may come back and change it).
        rememberOrder({ ...reference, cartCleared: false });
        setPending({ order, key: reference.key, request: JSON.stringify(request) });
        goTo(5);
      } else {
        // Bank transfer (on-hold) and pay in store (processing): the order is placed.
        finishPaid(reference);
      }
    } catch (error) {
      const stale = staleTotalCode(error);
      if (stale && error instanceof OrderCreationError) {
        // The total changed (prices, shipping, coupon) or the points are gone: the server's message,
        // the summary read again, and the customer stays here to check the new total and order again.
        setFailure({ message: error.message, issues: [] });
        await pricingRefresh.refresh({ code: stale, items: cart.items, coupon });
      } else if (error instanceof OrderCreationError) {
        setFailure({ message: error.message, issues: error.issues.map((issue) => issue.message) });
      } else {
        setFailure({ message: shopMessages.unknownError, issues: [] });
      }
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 4) void placeOrder();
    else void next();
  };

  if (placed) return <Spinner label="Commande enregistrée, ouverture de la confirmation…" />;
  if (cart.items.length === 0 && !pending) return <EmptyCheckout />;

  const cartLines: DisplayLine[] = cart.items.map((item) => ({
    key: item.product_id,
    name: item.name,
    quantity: item.quantity,
    lineTotalCents: Math.round(cartUnitPrice(item) * 100) * item.quantity,
    image: item.image,
  }));
  const totalsRows = {
    ...totals,
    couponCode: coupon?.code ?? null,
    shippingCents: selectedMethod ? totals.shippingCents : null,
    ...(selectedMethod ? { shippingLabel: selectedMethod.title } : {}),
  };
  const gateway = gateways?.find((candidate) => candidate.id === paymentMethodId);
  const current = CHECKOUT_STEPS.find((candidate) => candidate.number === step);

  const summary =
    step === 5 && pending ? (
      <OrderSummary
        lines={orderLines(pending.order)}
        totals={orderTotals(pending.order)}
        totalLabel="Total à payer"
        relay={pending.order.relay_point ? relaySummary(pending.order.relay_point) : null}
      />
    ) : (
      <OrderSummary
        lines={cartLines}
        relay={needsRelay && relayChoice ? relaySummary(toOrderRelayPoint(relayChoice.point)) : null}
        totals={totalsRows}
        promo={<PromoCodeBox cart={cart} coupon={coupon} />}
        loyalty={
          pricing.signedIn && pricing.loyaltyBalanceCents > 0
            ? { balanceCents: pricing.loyaltyBalanceCents, applied: pricing.useLoyalty, discountCents: totals.loyaltyDiscountCents }
            : null
        }
      />
    );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 pb-12 sm:pt-6">
      <Link
        to="/panier"
        className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-ink-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Retour au panier
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Finaliser ma commande</h1>
      {step < 5 ? (
        <div className="mt-4">
          <CartChanges changes={fresh.changes} />
        </div>
      ) : null}
      <div className="mt-4">
        <CheckoutProgress current={step} onSelect={goTo} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <aside className="lg:sticky lg:top-24 lg:order-2" aria-label="Récapitulatif de la commande">
          {summary}
        </aside>

        <div className="min-w-0 lg:order-1">
          {step === 5 && pending ? (
            <section className="rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-700">
              <StepHeading ref={headingRef} step={null} title="Commande en attente de paiement">
                Réglez votre commande pour la confirmer.
              </StepHeading>
              <PendingPaymentStep
                order={pending.order}
                orderKey={pending.key}
                onPaid={() => finishPaid({ id: pending.order.id, key: pending.key })}
                onBack={() => goTo(4)}
              />
            </section>
          ) : (
            <form noValidate onSubmit={onSubmit} className="rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-700">
              <StepHeading ref={headingRef} step={step} title={current?.subtitle ?? ''} />
              <div role="status" aria-live="polite" className="sr-only">
                {announcement}
              </div>

              {step === 1 ? <StepInformation form={form} field={field} signedIn={pricing.signedIn} /> : null}
              {step === 2 ? (
                <StepShipping
                  form={form}
                  field={field}
                  methods={methods}
                  loading={shippingQuery.isPending}
                  failed={shippingQuery.isError}
                  retrying={shippingQuery.isFetching}
                  onRetry={() => void shippingQuery.refetch()}
                  subtotalAfterCouponCents={totals.subtotalAfterCouponCents}
                  needsAddress={needsAddress}
                  needsRelay={needsRelay}
                  selectedId={shippingMethodId}
                />
              ) : null}
              {step === 3 ? (
                <StepPayment
                  form={form}
                  field={field}
                  gateways={gateways}
                  shippingMethods={methods ?? []}
                  shippingMethod={shippingMethodId}
                  loading={gatewaysQuery.isPending}
                  failed={gatewaysQuery.isError}
                  retrying={gatewaysQuery.isFetching}
                  onRetry={() => void gatewaysQuery.refetch()}
                />
              ) : null}
              {step === 4 ? (
                <StepReview
                  form={form}
                  field={field}
                  values={getValues()}
                  shippingMethod={selectedMethod ?? undefined}
                  gateway={gateway}
                  lines={cartLines}
                  totals={totalsRows}
                  onEdit={goTo}
                />
              ) : null}

              {failure && step === 4 ? (
                <div className="mt-5">
                  <OrderFailureAlert ref={failureRef} failure={failure} />
                </div>
              ) : null}

              <div className={`mt-6 flex flex-col-reverse gap-3 sm:flex-row ${step > 1 ? 'sm:justify-between' : 'sm:justify-end'}`}>
                {step > 1 ? (
                  <Button variant="secondary" onClick={() => goTo((step - 1) as StepNumber)} disabled={busy}>
                    <ArrowLeft aria-hidden="true" className="size-4" />
                    Précédent
                  </Button>
                ) : null}
                {step < 4 ? (
                  <Button type="submit">
                    Suivant
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Button>
                ) : (
                  <Button type="submit" disabled={busy} aria-disabled={busy} className="sm:min-w-72">
                    {busy ? 'Traitement...' : 'Commander avec obligation de paiement'}
                  </Button>
                )}
              </div>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}
