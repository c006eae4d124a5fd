import type { ReactNode } from 'react';

type ChoiceCardProps = {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  title: ReactNode;
  detail?: ReactNode;
  icon?: ReactNode;
  describedBy?: string | undefined;
  invalid?: boolean;
};

/** A radio button drawn as a card: the whole card is the label, the native radio keeps keyboard use. */
export function ChoiceCard({ name, value, checked, onChange, title, detail, icon, describedBy, invalid }: ChoiceCardProps) {
  return (
    <label
      className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 dark:has-[:focus-visible]:outline-brand-300 ${
        checked
          ? 'border-brand-700 bg-brand-50 dark:border-brand-300 dark:bg-ink-800'
          : 'border-slate-300 bg-white hover:border-brand-600 dark:border-slate-600 dark:bg-ink-900 dark:hover:border-brand-300'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        className="size-5 shrink-0 accent-brand-700"
      />
      {icon ? <span className="shrink-0 text-brand-700 dark:text-brand-300">{icon}</span> : null}
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{title}</span>
        {detail ? <span className="block text-sm text-slate-700 dark:text-slate-300">{detail}</span> : null}
      </span>
    </label>
  );
}
