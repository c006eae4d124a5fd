import { forwardRef, type ReactNode } from 'react';

type StepHeadingProps = { step: number | null; title: string; children?: ReactNode };

/** The heading of a step; focused when the step changes so screen readers start there. */
export const StepHeading = forwardRef<HTMLHeadingElement, StepHeadingProps>(function StepHeading({ step, title, children }, ref) {
  return (
    <div className="mb-5">
      <h2 ref={ref} tabIndex={-1} className="text-xl font-bold tracking-tight outline-none sm:text-2xl">
        {step !== null ? <span className="block text-sm font-semibold text-brand-700 dark:text-brand-300">{`Étape ${step} sur 4`}</span> : null}
        {title}
      </h2>
      {children ? <div className="mt-1 text-sm text-slate-600 dark:text-slate-300">{children}</div> : null}
    </div>
  );
});
