import { Minus, Plus } from 'lucide-react';

type QuantityStepperProps = {
  value: number;
  /** Highest allowed value (the stock), inclusive. */
  max: number;
  min?: number;
  onChange: (value: number) => void;
  /** What is counted, for the accessible names ("Coque iPhone 13"). */
  itemName: string;
  disabled?: boolean;
  size?: 'md' | 'sm';
};

/**
 * − value + with 44 px targets. The buttons are disabled at the limits (decrement at 1, increment
 * at the stock), and their names say which product they change.
 */
export function QuantityStepper({ value, max, min = 1, onChange, itemName, disabled = false, size = 'md' }: QuantityStepperProps) {
  const button =
    'inline-flex size-11 items-center justify-center text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent dark:text-slate-100 dark:hover:bg-ink-800 dark:disabled:text-slate-600';
  return (
    <div
      role="group"
      aria-label={`Quantité de ${itemName}`}
      className={`inline-flex items-center rounded-lg border border-slate-300 bg-white dark:border-slate-600 dark:bg-ink-900 ${size === 'sm' ? 'text-sm' : 'text-base'}`}
    >
      <button
        type="button"
        className={`${button} rounded-l-lg`}
        onClick={() => onChange(value - 1)}
        disabled={disabled || value <= min}
        aria-label={`Diminuer la quantité de ${itemName}`}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <output aria-live="polite" aria-label={`Quantité\u00a0: ${value}`} className="min-w-9 text-center font-semibold tabular-nums">
        {value}
      </output>
      <button
        type="button"
        className={`${button} rounded-r-lg`}
        onClick={() => onChange(value + 1)}
        disabled={disabled || value >= max}
        aria-label={`Augmenter la quantité de ${itemName}`}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
