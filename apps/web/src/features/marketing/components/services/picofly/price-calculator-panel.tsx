import { Check, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { ButtonLink } from '../../../../../components/ui/button';
import { euros } from '../../../content/services/format';
import {
  BASE_PRICE,
  chooseMicroSd,
  computeQuote,
  initialCalculatorState,
  isOptionSelected,
  microSdCards,
  toggleOption,
  visibleOptions,
  type CalculatorState,
} from './price-calculator';

/** The interactive price calculator; the server-rendered HTML shows its initial state (80 €). */
export function PriceCalculatorPanel() {
  const id = useId();
  const [state, setState] = useState<CalculatorState>(initialCalculatorState);
  const quote = computeQuote(state);

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-6">
        <fieldset className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-ink-900">
          <legend className="px-1 text-lg font-semibold">Options du service</legend>
          <p className="text-sm text-slate-700 dark:text-slate-300">Prix de base&nbsp;: {euros(BASE_PRICE)}</p>
          <ul className="mt-3 space-y-2">
            {visibleOptions().map((option) => {
              const checked = isOptionSelected(state, option.id);
              return (
                <li key={option.id}>
                  <label
                    className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 dark:has-focus-visible:outline-brand-300 ${
                      checked
                        ? 'border-brand-600 bg-brand-50 dark:border-brand-300 dark:bg-ink-800'
                        : 'border-slate-200 hover:border-slate-400 dark:border-slate-700 dark:hover:border-slate-500'
                    } ${option.mandatory ? 'cursor-default' : ''}`}
                  >
                    <input
                      type="checkbox"
                      className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-visible:outline-none dark:accent-brand-400"
                      checked={checked}
                      disabled={option.mandatory}
                      aria-describedby={`${id}-${option.id}`}
                      onChange={() => setState((current) => toggleOption(current, option.id))}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap justify-between gap-x-3 font-semibold">
                        <span>{option.label}</span>
                        <span className="text-brand-700 dark:text-brand-300">
                          {option.mandatory ? `${euros(option.price)} · incluse` : `+\u00a0${euros(option.price)}`}
                        </span>
                      </span>
                      <span id={`${id}-${option.id}`} className="mt-0.5 block text-sm text-slate-700 dark:text-slate-300">
                        {option.mandatory ? 'Obligatoire. ' : ''}
                        {option.description}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>

        <div role="group" aria-labelledby={`${id}-sd`} className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-ink-900">
          <h3 id={`${id}-sd`} className="text-lg font-semibold">
            Carte microSD
          </h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Facultative&nbsp;: choisissez une capacité, ou touchez à nouveau la carte choisie pour la retirer.
          </p>
          <ul className="mt-3 grid grid-cols-3 gap-2">
            {microSdCards.map((card) => {
              const pressed = state.microSd === card.id;
              return (
                <li key={card.id}>
                  <button
                    type="button"
                    aria-pressed={pressed}
                    onClick={() => setState((current) => chooseMicroSd(current, card.id))}
                    className={`relative flex min-h-24 w-full flex-col items-center justify-center rounded-xl border-2 px-1 py-3 text-center transition-colors ${
                      pressed
                        ? 'border-brand-600 bg-brand-50 dark:border-brand-300 dark:bg-ink-800'
                        : 'border-slate-200 hover:border-slate-400 dark:border-slate-700 dark:hover:border-slate-500'
                    }`}
                  >
                    {pressed ? <Check aria-hidden="true" className="absolute top-2 right-2 size-4 text-brand-700 dark:text-brand-300" /> : null}
                    <span className="text-lg font-bold">{card.label}</span>
                    <span className="text-brand-700 dark:text-brand-300">+&nbsp;{euros(card.price)}</span>
                    {card.recommended ? (
                      <span className="mt-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-brand-400 dark:text-ink-950">
                        Recommandé
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      </div>

      <div className="h-fit rounded-2xl border-2 border-brand-600 bg-brand-50 p-5 lg:sticky lg:top-24 dark:border-brand-300 dark:bg-ink-900">
        <h3 className="text-lg font-semibold">Votre estimation</h3>
        <ul className="mt-3 space-y-1 text-sm">
          {quote.lines.map((line) => (
            <li key={line.label} className="flex justify-between gap-3 text-slate-700 dark:text-slate-300">
              <span>{line.label}</span>
              <span className="shrink-0 font-semibold text-slate-900 dark:text-slate-100">{euros(line.price)}</span>
            </li>
          ))}
        </ul>
        <div aria-live="polite" aria-atomic="true" className="mt-4 border-t border-brand-600/40 pt-4 dark:border-brand-300/40">
          <p className="flex items-baseline justify-between gap-3">
            <span className="font-semibold">Total estimé</span>
            <span className="text-3xl font-extrabold text-brand-700 dark:text-brand-300" data-testid="picofly-total">
              {euros(quote.total)}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Délai&nbsp;: {quote.delay}</p>
        </div>
        <ButtonLink to="/devis-en-ligne" className="mt-4 w-full">
          <FileText aria-hidden="true" className="size-4" />
          Demander ce devis
        </ButtonLink>
        <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">Estimation indicative, confirmée par le devis de l’atelier.</p>
      </div>
    </div>
  );
}
