import { Lock, ShieldCheck, Truck } from 'lucide-react';
import { PRODUCT_WARRANTY_MONTHS } from '@erepare/shared/warranty';

const badges = [
  { icon: Truck, text: 'Expédition sous 24h' },
  { icon: ShieldCheck, text: `Garantie ${PRODUCT_WARRANTY_MONTHS}\u00a0mois` },
  { icon: Lock, text: 'Paiement sécurisé' },
] as const;

/** The three promises of the shop (spec 2 §2). */
export function TrustBadges() {
  return (
    <ul className="grid grid-cols-3 gap-2 text-center text-xs font-medium text-slate-700 dark:text-slate-300">
      {badges.map(({ icon: Icon, text }) => (
        <li key={text} className="flex flex-col items-center gap-1 rounded-lg bg-slate-50 px-1 py-2 dark:bg-ink-800">
          <Icon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
          {text}
        </li>
      ))}
    </ul>
  );
}
