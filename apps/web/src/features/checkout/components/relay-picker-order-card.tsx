import { MapPin } from 'lucide-react';
import type { Order } from '@erepare/shared/schemas/shop';
import { relayTypeLabel } from '@erepare/shared/relay-points';

type RelayOrderCardProps = {
  order: Pick<Order, 'shipping_lines' | 'shipping' | 'billing'> & { relay_point: NonNullable<Order['relay_point']> };
};

/** The delivery of a relay order on its confirmation: the Colissimo point, not the buyer's address. */
export function RelayOrderCard({ order }: RelayOrderCardProps) {
  const point = order.relay_point;
  const recipient = `${order.shipping.first_name || order.billing.first_name} ${order.shipping.last_name || order.billing.last_name}`.trim();
  return (
    <section aria-labelledby="livraison-relais-titre" className="rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-700">
      <h2 id="livraison-relais-titre" className="flex items-center gap-2 font-semibold">
        <MapPin aria-hidden="true" className="size-4 text-brand-700 dark:text-brand-300" />
        {`Livraison\u00a0: ${order.shipping_lines[0]?.method_title ?? 'Colissimo en point relais'}`}
      </h2>
      <p className="mt-2">
        <span className="font-medium">{point.name}</span>
        {` (${relayTypeLabel(point.type)})`}
      </p>
      <address className="not-italic">
        {point.address_1}
        {point.address_2 ? `, ${point.address_2}` : ''}
        <br />
        {`${point.postcode} ${point.city}`}
      </address>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {`Colis au nom de ${recipient}, à retirer avec une pièce d’identité. Colissimo vous prévient de son arrivée au point relais (n° ${point.id}).`}
      </p>
    </section>
  );
}
