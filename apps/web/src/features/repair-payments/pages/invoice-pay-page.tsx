import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleX, Clock, Home, Receipt, RotateCcw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { formatCents } from '@erepare/shared/format';
import { repairPaymentMessages } from '@erepare/shared/repair-payments';
import type { RepairPaymentStatus } from '@erepare/shared/schemas/repair-payments';
import { PayOnline } from '../../../components/pay-online';
import { ButtonLink } from '../../../components/ui/button';
import { SuccessBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, UNAVAILABLE_MESSAGE } from '../../../lib/api-client';
import {
  captureRepairPaypal,
  invoiceLinkQuery,
  paymentReturnPath,
  repairPaymentStatus,
  startLinkInvoicePayment,
  type Redirect,
} from '../../../lib/repair-payments-api';
import { InvoiceSummary } from '../components/invoice-summary';

/** The return page asks every 2 s, for about a minute; then it says the receipt will follow by e-mail. */
export const POLL_MS = 2_000;
export const MAX_POLLS = 30;

export const invoicePayTexts = {
  alreadyPaid: 'Cette facture est déjà réglée. Merci\u00a0!',
  receiptSent: 'Un reçu vous a été envoyé par e-mail.',
} as const;

type PageProps = { pollMs?: number; redirect?: Redirect };

function Shell({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A new outcome moves the focus to its heading, so a screen reader reads the new state.
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <div className="flex items-start gap-3">
        {icon}
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-balance outline-none">
          {title}
        </h1>
      </div>
      <div className="mt-6 space-y-5">{children}</div>
    </section>
  );
}

function Problem({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <Shell title={title}>
      <div role="alert" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>{message}</p>
      </div>
      {children}
    </Shell>
  );
}

const linkTitles: Record<string, string> = {
  LINK_EXPIRED: 'Lien expiré',
  LINK_REVOKED: 'Lien plus valable',
};

/**
 * /payer-facture (issue 24 §4). With `?token=` (the « Payer en ligne » link of the « prête à
 * récupérer » e-mail): the invoice and the pay button, without an account. Back from the provider
 * (`?provider=` present — PayPal adds its own `token`, the order id, so `provider` is read first):
 * the payment's outcome, polled until the provider's word has reached our server. The return
 * address carries the payment's secret (`cle`): it goes to our server with each request and
 * nowhere else (not in the query cache's key, not in storage, not in « Réessayer »'s path).
 */
export function InvoicePayPage({ pollMs = POLL_MS, redirect }: PageProps) {
  const [params] = useSearchParams();
  const provider = params.get('provider');
  if (provider === 'stripe' || provider === 'paypal') {
    if (params.get('annule') === '1') return <Canceled />;
    const ref = provider === 'stripe' ? params.get('session_id') : params.get('token');
    const key = params.get('cle')?.trim() ?? '';
    // Without its key, the server would not say anything of the payment: not asked.
    if (!ref || !key) return <Problem title="Paiement introuvable" message={repairPaymentMessages.paymentUnknown} />;
    return provider === 'paypal' ? (
      <PaypalReturn orderId={ref} returnKey={key} pollMs={pollMs} />
    ) : (
      <PaymentOutcome paymentRef={ref} returnKey={key} pollMs={pollMs} />
    );
  }
  const token = params.get('token')?.trim() ?? '';
  if (!token) return <Problem title="Lien incomplet" message={repairPaymentMessages.linkUnknown} />;
  return <LinkInvoice token={token} {...(redirect ? { redirect } : {})} />;
}

// ───────────────────────── the invoice of a link ─────────────────────────

function LinkInvoice({ token, redirect }: { token: string; redirect?: Redirect }) {
  const invoice = useQuery(invoiceLinkQuery(token));
  if (invoice.isPending) return <Spinner label="Chargement de la facture…" />;
  if (invoice.isError) {
    const error = invoice.error;
    const known = error instanceof ApiError && error.status !== 0 && error.status < 500;
    return (
      <Problem
        title={known ? (linkTitles[error.code ?? ''] ?? 'Lien non valide') : 'Facture indisponible'}
        message={error instanceof ApiError ? error.message : UNAVAILABLE_MESSAGE}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Vous avez un compte&nbsp;? Vos factures se règlent aussi depuis l’onglet «&nbsp;Mes factures&nbsp;» de votre compte.
        </p>
        <ButtonLink to="/compte?tab=invoices" variant="secondary">
          <Receipt aria-hidden="true" className="size-4" />
          Mes factures
        </ButtonLink>
      </Problem>
    );
  }
  const summary = invoice.data;
  const due = summary.amountDueCents;
  return (
    <Shell title={`Facture ${summary.invoiceNumber}`}>
      <p className="text-lg text-slate-700 dark:text-slate-300">
        {due > 0 ? 'Réglez votre facture en ligne, par carte bancaire ou PayPal, sans créer de compte.' : 'Voici le récapitulatif de votre facture.'}
      </p>
      <InvoiceSummary summary={summary} />
      {summary.status === 'Paid' ? (
        <SuccessBox>{invoicePayTexts.alreadyPaid}</SuccessBox>
      ) : summary.status === 'Refunded' ? (
        <SuccessBox>{repairPaymentMessages.refunded}</SuccessBox>
      ) : due <= 0 ? (
        <SuccessBox>{repairPaymentMessages.nothingDue}</SuccessBox>
      ) : (
        <section aria-labelledby="pay-heading" className="space-y-3">
          <h2 id="pay-heading" className="text-lg font-semibold">
            Paiement en ligne
          </h2>
          <PayOnline
            providers={summary.providers}
            start={(chosen) => startLinkInvoicePayment(token, chosen)}
            label={`Payer ${formatCents(due)}`}
            returnPath={`/payer-facture?${new URLSearchParams({ token }).toString()}`}
            {...(redirect ? { redirect } : {})}
          />
        </section>
      )}
    </Shell>
  );
}

// ───────────────────────── back from the provider ─────────────────────────

function Canceled() {
  return (
    <Shell title="Paiement annulé" icon={<CircleX aria-hidden="true" className="mt-1 size-8 shrink-0 text-slate-600 dark:text-slate-300" />}>
      <p role="status">{repairPaymentMessages.returnCanceled}</p>
      <ButtonLink to={paymentReturnPath()}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Retour au paiement
      </ButtonLink>
    </Shell>
  );
}

/** PayPal's return: the order is captured first (once, even when effects run twice), then its outcome shown. */
function PaypalReturn({ orderId, returnKey, pollMs }: { orderId: string; returnKey: string; pollMs: number }) {
  const capture = useMutation({ mutationFn: captureRepairPaypal });
  const { mutate } = capture;
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (started.current === orderId) return;
    started.current = orderId;
    mutate({ paypalOrderId: orderId, key: returnKey });
  }, [orderId, returnKey, mutate]);
  if (capture.isError) return <Failed message={capture.error instanceof ApiError ? capture.error.message : UNAVAILABLE_MESSAGE} />;
  if (!capture.isSuccess) return <Pending />;
  return <PaymentOutcome paymentRef={orderId} returnKey={returnKey} pollMs={pollMs} initial={capture.data} />;
}

function PaymentOutcome({ paymentRef, returnKey, pollMs, initial }: { paymentRef: string; returnKey: string; pollMs: number; initial?: RepairPaymentStatus }) {
  const client = useQueryClient();
  const queryKey = ['repair-payment-status', paymentRef] as const;
  const status = useQuery({
    queryKey,
    queryFn: ({ signal }) => repairPaymentStatus(paymentRef, returnKey, signal),
    ...(initial ? { initialData: initial } : {}),
    retry: false,
    // Asked again while the provider's word has not reached us, for about a minute.
    refetchInterval: (query) => (query.state.data?.state === 'pending' && query.state.dataUpdateCount < MAX_POLLS ? pollMs : false),
    refetchIntervalInBackground: false,
  });
  if (status.isError) {
    const known = status.error instanceof ApiError && status.error.status === 404;
    return known ? <Problem title="Paiement introuvable" message={repairPaymentMessages.paymentUnknown} /> : <Failed message={UNAVAILABLE_MESSAGE} />;
  }
  if (status.isPending) return <Pending />;
  const payment = status.data;
  if (payment.state === 'paid') return <Paid payment={payment} />;
  if (payment.state === 'failed') return <Failed message={repairPaymentMessages.returnFailed} />;
  if (payment.state === 'canceled') return <Canceled />;
  return <Pending slow={(client.getQueryState(queryKey)?.dataUpdateCount ?? 0) >= MAX_POLLS} />;
}

function Pending({ slow = false }: { slow?: boolean }) {
  return (
    <Shell title="Paiement en cours de confirmation…" icon={<Clock aria-hidden="true" className="mt-1 size-8 shrink-0 text-brand-700 dark:text-brand-300" />}>
      {slow ? (
        <p role="status">{repairPaymentMessages.returnSlow}</p>
      ) : (
        <Spinner label="La banque confirme votre paiement. Cette page se met à jour toute seule." />
      )}
    </Shell>
  );
}

function Paid({ payment }: { payment: RepairPaymentStatus }) {
  return (
    <Shell title="Paiement reçu" icon={<CheckCircle2 aria-hidden="true" className="mt-1 size-8 shrink-0 text-emerald-700 dark:text-emerald-300" />}>
      <div role="status" className="space-y-3">
        <p className="text-lg">
          Merci&nbsp;! Nous avons bien reçu votre paiement de <strong className="whitespace-nowrap">{formatCents(payment.amountCents)}</strong>{' '}
          {payment.purpose === 'deposit' ? `(acompte du devis ${payment.reference})` : `pour la facture ${payment.reference}`}.
        </p>
        {payment.amountDueCents !== null && payment.amountDueCents > 0 ? (
          <p className="text-lg">
            <span className="font-bold">Reste à payer&nbsp;: {formatCents(payment.amountDueCents)}</span>
          </p>
        ) : null}
        <p>{invoicePayTexts.receiptSent}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        {payment.purpose === 'deposit' && paymentReturnPath().startsWith('/devis/') ? (
          <ButtonLink to={paymentReturnPath()}>
            <Receipt aria-hidden="true" className="size-4" />
            Retour au devis
          </ButtonLink>
        ) : (
          <ButtonLink to="/compte?tab=invoices">
            <Receipt aria-hidden="true" className="size-4" />
            Voir mes factures
          </ButtonLink>
        )}
        <ButtonLink to="/" variant="secondary">
          <Home aria-hidden="true" className="size-4" />
          Retour à l’accueil
        </ButtonLink>
      </div>
    </Shell>
  );
}

function Failed({ message }: { message: string }) {
  return (
    <Shell title="Le paiement n’a pas abouti" icon={<CircleX aria-hidden="true" className="mt-1 size-8 shrink-0 text-red-700 dark:text-red-300" />}>
      <p role="alert">{message}</p>
      <ButtonLink to={paymentReturnPath()}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Réessayer
      </ButtonLink>
    </Shell>
  );
}
