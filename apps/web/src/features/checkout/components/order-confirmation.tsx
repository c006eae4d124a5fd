import { CheckCircle2, Clock, Mail, Store, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Order } from '@erepare/shared/schemas/shop';
import { ButtonLink } from '../../../components/ui/button';
import { countryName } from '../lib/checkout-form';
import { isPickup, orderHeading, orderLines, orderTotals } from '../lib/order-view';
import { BankTransferDetails } from './bank-transfer-details';
import { CartLines } from './cart-lines';
import { RelayOrderCard } from './relay-picker-order-card';
import { StorePickupCard } from './store-pickup-card';
import { TotalsList } from './totals-list';

type OrderConfirmationProps = {
  order: Order;
  /** A heading above the order's (e.g. "Paiement accepté" on a payment return). */
  lead?: string;
  /** The payment widget of an order still waiting for its online payment. */
  payment?: ReactNode;
};

/**
 * The order as the server keeps it (the older variant's "Commande confirmée !"): number, status,
 * what to do next (bank transfer details, pay in store), delivery or pickup, lines and totals.
 */
export function OrderConfirmation({ order, lead, payment }: OrderConfirmationProps) {
  const heading = orderHeading(order);
  const pickup = isPickup(order);
  const cancelled = order.status === 'cancelled' || order.status === 'failed';
  const StatusIcon = cancelled ? XCircle : order.status === 'pending' ? Clock : CheckCircle2;
  const address = order.shipping.address_1 ? order.shipping : order.billing;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <div className="text-center">
        <StatusIcon
          aria-hidden="true"
          className={`mx-auto size-14 ${cancelled ? 'text-red-600 dark:text-red-400' : order.status === 'pending' ? 'text-amber-600 dark:text-amber-400' : 'text-emerald-600 dark:text-emerald-400'}`}
        />
        {lead ? <p className="mt-3 text-lg font-semibold text-emerald-700 dark:text-emerald-300">{lead}</p> : null}
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{heading}</h1>
        <p className="mt-2 text-lg">
          Commande n° <strong>{order.number}</strong>
        </p>
        <p className="mt-2">
          <span className="inline-flex rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800 dark:bg-ink-800 dark:text-slate-100">
            {`Statut\u00a0: ${order.status_label}`}
          </span>
        </p>
      </div>

      <div className="mt-8 grid gap-6">
        {payment}
        {order.payment_method === 'bacs' && order.bank_details && order.status === 'on-hold' ? (
          <BankTransferDetails details={order.bank_details} order={order} />
        ) : null}

        {order.payment_method === 'cod' && !cancelled ? (
          <StorePickupCard title="À régler en boutique au retrait">
            <p className="mt-2">Vous réglez votre commande sur place, au moment du retrait.</p>
          </StorePickupCard>
        ) : pickup && !cancelled ? (
          <StorePickupCard />
        ) : null}

        {order.relay_point ? <RelayOrderCard order={{ ...order, relay_point: order.relay_point }} /> : null}

        {!pickup && !order.relay_point && address.address_1 ? (
          <section aria-labelledby="livraison-titre" className="rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-700">
            <h2 id="livraison-titre" className="font-semibold">
              {`Livraison\u00a0: ${order.shipping_lines[0]?.method_title ?? ''}`}
            </h2>
            <address className="mt-2 not-italic">
              {`${address.first_name} ${address.last_name}`}
              <br />
              {address.address_1}
              {address.address_2 ? `, ${address.address_2}` : ''}
              <br />
              {`${address.postcode} ${address.city}, ${countryName(address.country)}`}
            </address>
          </section>
        ) : null}

        {order.status !== 'pending' && !cancelled ? (
          <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm dark:bg-ink-800">
            <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Un e-mail de confirmation a été envoyé à <strong className="[overflow-wrap:anywhere]">{order.billing.email}</strong>.
            </span>
          </p>
        ) : null}

        <section aria-labelledby="articles-titre" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <h2 id="articles-titre" className="mb-3 font-semibold">
            Votre commande
          </h2>
          <CartLines lines={orderLines(order)} />
          <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700">
            <TotalsList rows={orderTotals(order)} />
          </div>
          <p className="mt-3 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Store aria-hidden="true" className="size-4" />
            {`Paiement\u00a0: ${order.payment_method_title}`}
          </p>
        </section>

        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <ButtonLink to="/compte?tab=orders">Voir mes commandes</ButtonLink>
          <ButtonLink to="/boutique" variant="secondary">
            Continuer les achats
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
