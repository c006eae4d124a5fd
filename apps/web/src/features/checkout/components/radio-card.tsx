import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

type RadioCardProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  title: string;
  description?: ReactNode;
  /** Right-hand side: a price, a badge. */
  aside?: ReactNode;
  children?: ReactNode;
};

/** A native radio inside a large card (whole card clickable, 44 px and more, visible focus). */
export const RadioCard = forwardRef<HTMLInputElement, RadioCardProps>(function RadioCard(
  { title, description, aside, children, id, className = '', ...props },
  ref,
) {
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer gap-3 rounded-xl border-2 border-slate-200 bg-white p-4 transition-colors has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 hover:border-slate-400 dark:border-slate-700 dark:bg-ink-900 dark:has-checked:border-brand-400 dark:has-checked:bg-ink-800 ${className}`}
    >
      <input ref={ref} id={id} type="radio" className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-visible:outline-none" {...props} />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className="font-semibold">{title}</span>
          {aside ? <span className="text-sm font-semibold">{aside}</span> : null}
        </span>
        {description ? <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">{description}</span> : null}
        {children}
      </span>
    </label>
  );
});
