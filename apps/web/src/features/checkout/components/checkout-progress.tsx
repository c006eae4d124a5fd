import { Check } from 'lucide-react';
import { CHECKOUT_STEPS, type StepNumber } from '../lib/checkout-form';

type CheckoutProgressProps = {
  /** 5: the order is created and waits for its payment (every step is done). */
  current: StepNumber | 5;
  /** Going back to a completed step (never needs validation). */
  onSelect?: (step: StepNumber) => void;
};

const stateText = { done: 'terminée', current: 'en cours', pending: 'à venir' } as const;

/** The four steps with done / in progress / pending states, said in words as well as shown. */
export function CheckoutProgress({ current, onSelect }: CheckoutProgressProps) {
  return (
    <nav aria-label="Étapes de la commande">
      <ol className="grid grid-cols-4 gap-1 sm:gap-2">
        {CHECKOUT_STEPS.map((step) => {
          const state = step.number < current ? 'done' : step.number === current ? 'current' : 'pending';
          const canGoBack = state === 'done' && current !== 5 && onSelect !== undefined;
          const body = (
            <>
              <span
                aria-hidden="true"
                className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  state === 'done'
                    ? 'bg-emerald-600 text-white dark:bg-emerald-500 dark:text-ink-950'
                    : state === 'current'
                      ? 'bg-brand-700 text-white ring-4 ring-brand-100 dark:bg-brand-400 dark:text-ink-950 dark:ring-ink-800'
                      : 'border-2 border-slate-300 bg-white text-slate-600 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-300'
                }`}
              >
                {state === 'done' ? <Check className="size-4" strokeWidth={3} /> : step.number}
              </span>
              <span className="min-w-0 text-center sm:text-left">
                <span
                  className={`block text-xs font-semibold sm:text-sm ${
                    state === 'pending' ? 'text-slate-600 dark:text-slate-400' : 'text-slate-900 dark:text-slate-100'
                  }`}
                >
                  {step.title}
                </span>
                <span className="hidden text-xs text-slate-600 sm:block dark:text-slate-400">{step.subtitle}</span>
                <span className="sr-only">{`, étape ${step.number} sur 4, ${stateText[state]}`}</span>
              </span>
            </>
          );
          const layout = 'flex min-h-11 w-full flex-col items-center gap-1 rounded-lg p-1 sm:flex-row sm:gap-2 sm:p-2';
          return (
            <li key={step.number} aria-current={state === 'current' ? 'step' : undefined} className="relative">
              {canGoBack ? (
                <button
                  type="button"
                  onClick={() => onSelect(step.number)}
                  className={`${layout} hover:bg-slate-100 dark:hover:bg-ink-800`}
                  title={`Revenir à l’étape ${step.title}`}
                >
                  {body}
                </button>
              ) : (
                <div className={layout}>{body}</div>
              )}
              <span
                aria-hidden="true"
                className={`mt-1 block h-1 rounded-full ${
                  state === 'done' ? 'bg-emerald-600 dark:bg-emerald-500' : state === 'current' ? 'bg-brand-600 dark:bg-brand-400' : 'bg-slate-200 dark:bg-slate-700'
                }`}
              />
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
