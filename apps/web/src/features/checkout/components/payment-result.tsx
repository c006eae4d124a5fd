import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';

type PaymentResultProps = { outcome: 'success' | 'cancel'; title: string; children: ReactNode; actions?: ReactNode };

/** A payment return page (quick pay, PayPal, Klarna): one clear outcome and where to go next. */
export function PaymentResult({ outcome, title, children, actions }: PaymentResultProps) {
  const Icon = outcome === 'success' ? CheckCircle2 : XCircle;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 text-center sm:py-16">
      <Icon
        aria-hidden="true"
        className={`mx-auto size-14 ${outcome === 'success' ? 'text-emerald-600 dark:text-emerald-400' : 'text-amber-600 dark:text-amber-400'}`}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
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
