import type { ReactNode } from 'react';

type SectionProps = {
  id: string;
  title: string;
  eyebrow?: string;
  lead?: ReactNode;
  /** Alternate background, to separate neighbouring sections. */
  tinted?: boolean;
  children: ReactNode;
};

/** A home-page section: an h2 (named landmark through aria-labelledby) and its content. */
export function Section({ id, title, eyebrow, lead, tinted = false, children }: SectionProps) {
  return (
    <section
      aria-labelledby={id}
      className={`px-4 py-14 sm:py-20 ${tinted ? 'bg-slate-50 dark:bg-ink-900' : 'bg-white dark:bg-ink-950'}`}
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto mb-10 max-w-3xl text-center">
          {eyebrow ? (
            <p className="mb-2 text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-300">{eyebrow}</p>
          ) : null}
          <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          {lead ? <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
