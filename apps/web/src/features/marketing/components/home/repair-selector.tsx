import { useState } from 'react';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { ButtonLink } from '../../../../components/ui/button';
import { repairParts } from '../../content/home-sections';
import { Section } from './section';

/** The 8-part repair selector: pick the faulty part, read what we do, go to the online quote. */
export function RepairSelector() {
  const [selectedId, setSelectedId] = useState(repairParts[0]!.id);
  const part = repairParts.find((entry) => entry.id === selectedId) ?? repairParts[0]!;
  return (
    <Section
      id="selecteur-titre"
      eyebrow="Diagnostic express"
      title={'Quelle pièce est en panne\u00a0?'}
      lead="Sélectionnez la partie de votre appareil qui pose problème."
      tinted
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Pièces de l’appareil">
          {repairParts.map(({ id, name, icon: Icon }) => {
            const selected = id === selectedId;
            return (
              <li key={id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  aria-controls="selecteur-explication"
                  onClick={() => setSelectedId(id)}
                  className={`flex h-full min-h-24 w-full flex-col items-center justify-center gap-2 rounded-2xl border p-3 text-center text-sm font-semibold transition-colors ${
                    selected
                      ? 'border-brand-700 bg-brand-50 text-brand-800 dark:border-brand-300 dark:bg-ink-800 dark:text-brand-300'
                      : 'border-slate-200 bg-white text-slate-800 hover:border-slate-400 dark:border-slate-700 dark:bg-ink-950 dark:text-slate-200 dark:hover:border-slate-500'
                  }`}
                >
                  <Icon aria-hidden="true" className="size-7" />
                  {name}
                </button>
              </li>
            );
          })}
        </ul>
        <div
          id="selecteur-explication"
          aria-live="polite"
          className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-ink-950"
        >
          <h3 className="text-xl font-bold">{part.name}</h3>
          <p className="mt-3 text-slate-700 dark:text-slate-300">{part.explanation}</p>
          <ButtonLink to="/devis-en-ligne" className="mt-5">
            Obtenir un devis<span className="sr-only">&nbsp;: {part.name}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
      </div>
    </Section>
  );
}
