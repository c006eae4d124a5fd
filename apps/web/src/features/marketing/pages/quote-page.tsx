import { Clock, ShieldCheck, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { QuoteWizard } from '../components/quote/quote-wizard';
import { REPAIRS_FROM_EUROS, REPAIR_WARRANTY_MONTHS } from '@erepare/shared/warranty';

const promises = [
  { icon: Wrench, text: `Réparations à partir de ${REPAIRS_FROM_EUROS}\u00a0€, prix confirmé après diagnostic` },
  { icon: Clock, text: 'Diagnostic en 24 à 48\u00a0heures' },
  { icon: ShieldCheck, text: `Garantie de ${REPAIR_WARRANTY_MONTHS}\u00a0mois sur les réparations` },
] as const;

export function QuotePage({ smsEnabled = false }: { smsEnabled?: boolean }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Devis en ligne</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        Décrivez votre appareil et sa panne en quelques étapes&nbsp;: vous voyez tout de suite un prix indicatif, et un technicien vous recontacte pour confirmer le devis et votre rendez-vous de dépôt.
      </p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-3">
        {promises.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2 text-sm font-medium">
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
            {text}
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <QuoteWizard smsEnabled={smsEnabled} />
      </div>
      <p className="mt-8 text-slate-700 dark:text-slate-300">
        Vous savez déjà ce qu’il faut réparer&nbsp;?{' '}
        <Link to="/rendez-vous" className="font-semibold text-brand-800 underline underline-offset-4 dark:text-brand-300">
          Réservez directement un créneau de dépôt
        </Link>
        .
      </p>
    </div>
  );
}
