import { howItWorks } from '../../content/home-sections';
import { Section } from './section';

/** Section 4: the three steps. */
export function HowItWorks() {
  return (
    <Section id="etapes-titre" eyebrow="Simple et rapide" title="Comment ça marche">
      <ol className="grid gap-6 md:grid-cols-3">
        {howItWorks.map((step) => (
          <li key={step.number} className="rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-700 dark:bg-ink-900">
            <span
              aria-hidden="true"
              className="grid size-11 place-items-center rounded-full bg-brand-700 text-lg font-extrabold text-white dark:bg-brand-400 dark:text-ink-950"
            >
              {step.number}
            </span>
            <h3 className="mt-4 text-xl font-bold">
              <span className="sr-only">Étape {step.number}&nbsp;: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{step.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
