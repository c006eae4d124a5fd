import type { ReactNode } from 'react';

type PageIntroProps = {
  title: string;
  /** One honest sentence about what the page offers today. */
  lead: ReactNode;
  eyebrow?: string;
  children?: ReactNode;
};

/** Heading block of a page: the page's one h1, a lead sentence and optional actions or content. */
export function PageIntro({ title, lead, eyebrow, children }: PageIntroProps) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-16">
      {eyebrow ? (
        <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">{eyebrow}</p>
      ) : null}
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      <div className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{lead}</div>
      {children ? <div className="mt-8">{children}</div> : null}
    </section>
  );
}
