import type { Step } from '../../content/labels';

/** A numbered step guide (an ordered list: the numbers are read once, by the list). */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step) => (
        <li
          key={step.number}
          className="relative rounded-2xl border border-slate-200 bg-white p-5 pt-6 shadow-sm dark:border-slate-800 dark:bg-ink-900"
        >
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white dark:bg-brand-300 dark:text-ink-950"
          >
            {step.number}
          </span>
          <h3 className="mt-3 text-lg font-semibold">{step.title}</h3>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
