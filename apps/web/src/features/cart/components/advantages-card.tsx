import { Headset, Lock, ShieldCheck, Truck } from 'lucide-react';
import { WARRANTY_MONTHS } from '@erepare/shared/shop';

const advantages = [
  { icon: Truck, text: 'Expédition sous 24h' },
  { icon: ShieldCheck, text: `Garantie ${WARRANTY_MONTHS} mois` },
  { icon: Headset, text: 'SAV français' },
  { icon: Lock, text: 'Paiement sécurisé' },
] as const;

/** The small card of advantages next to the summary (spec 2 §2, badges of §9). */
export function AdvantagesCard() {
  return (
    <section aria-label="Nos avantages" className="rounded-2xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-ink-900">
      <ul className="grid grid-cols-2 gap-3 text-sm">
        {advantages.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-700 dark:text-brand-300" />
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
