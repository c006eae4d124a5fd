import type { ReactNode } from 'react';

type PageSectionProps = {
  /** Id of the heading (the section is labelled by it). */
  id: string;
  title: string;
  intro?: ReactNode;
  eyebrow?: string;
  className?: string;
  children: ReactNode;
};

/** A titled band of a company or label page: an h2, an optional lead, then the content. */
export function PageSection({ id, title, intro, eyebrow, className = '', children }: PageSectionProps) {
  return (
    <section aria-labelledby={id} className={`mx-auto w-full max-w-5xl px-4 py-10 sm:py-14 ${className}`}>
      {eyebrow ? (
        <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {intro ? <div className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{intro}</div> : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}

/** The white (or ink) card used by the grids of these pages. */
export const cardClasses =
  'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-ink-900';

/** The round icon badge at the top of a card. */
export const iconBadgeClasses =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-ink-800 dark:text-brand-300';
