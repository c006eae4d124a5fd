import { ShieldCheck } from 'lucide-react';
import { Dashboard } from './dashboard';
import { TicketLookup } from './ticket-lookup';

type TrackingViewProps = { subtitle: string };

/** Both tracking routes (/suivi and /suivi-moderne) show this page; only the subtitle differs. */
export function TrackingView({ subtitle }: TrackingViewProps) {
  return (
    <div className="mx-auto w-full max-w-7xl space-y-8 px-4 py-6 sm:py-10">
      <header>
        <p className="mb-2 text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">Atelier E.repare · Gujan-Mestras</p>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Suivi des Réparations</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{subtitle}</p>
        <p className="mt-3 flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-300" />
          Aucune donnée personnelle n’est affichée&nbsp;: chaque client apparaît sous un simple numéro.
        </p>
      </header>
      <TicketLookup />
      <Dashboard />
    </div>
  );
}
