import { useQuery } from '@tanstack/react-query';
import { Headset, Landmark, ShieldCheck, Truck } from 'lucide-react';
import { WARRANTY_MONTHS } from '@erepare/shared/shop';
import { shopQueries } from '../../../lib/shop-api';

const FALLBACK_PAYMENTS = 'Virement bancaire ou paiement en boutique';

/** "Virement bancaire ou paiement en boutique au retrait": the methods really offered today. */
export function paymentSummary(titles: readonly string[]): string {
  if (titles.length === 0) return FALLBACK_PAYMENTS;
  const [first = '', ...rest] = titles;
  const words = [first, ...rest.map((title) => title.charAt(0).toLowerCase() + title.slice(1))];
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} ou ${words[words.length - 1]}`;
}

/** The shop's promises (spec 2 §1), listing only the payment methods that exist. */
export function ShopPromises() {
  const gateways = useQuery(shopQueries.paymentGateways());
  const payments = paymentSummary((gateways.data ?? []).map((gateway) => gateway.title));
  const promises = [
    { icon: Truck, title: 'Expédition sous 24 h ouvrées', text: 'Commandé avant 14 h, expédié le jour même. Retrait gratuit à l’atelier.' },
    { icon: ShieldCheck, title: `Garantie ${WARRANTY_MONTHS} mois`, text: 'Sur tous nos produits, en plus des garanties légales.' },
    { icon: Headset, title: 'SAV français', text: 'Une équipe à Gujan-Mestras, du mardi au samedi.' },
    { icon: Landmark, title: 'Paiement', text: payments },
  ];
  return (
    <section aria-labelledby="shop-promises" className="mt-12 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6 dark:border-slate-700 dark:bg-ink-900">
      <h2 id="shop-promises" className="sr-only">
        Nos engagements
      </h2>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {promises.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <p className="font-semibold">{title}</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
