import type { ReactNode } from 'react';

type AuthCardProps = {
  /** The page's one h1. */
  title: string;
  lead?: ReactNode;
  icon?: ReactNode;
  tone?: 'neutral' | 'success' | 'error';
  children?: ReactNode;
};

const iconTones = {
  neutral: 'bg-brand-50 text-brand-800 dark:bg-ink-800 dark:text-brand-300',
  success: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  error: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
} as const;

/** The narrow card of the account recovery pages (forgot, reset, verify). */
export function AuthCard({ title, lead, icon, tone = 'neutral', children }: AuthCardProps) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-700 dark:bg-ink-900">
        {icon ? <div className={`mb-4 inline-flex size-12 items-center justify-center rounded-full ${iconTones[tone]}`}>{icon}</div> : null}
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {lead ? <div className="mt-2 text-slate-700 dark:text-slate-300">{lead}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}
