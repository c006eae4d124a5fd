import { Lock } from 'lucide-react';

type PaymentSkeletonProps = {
  /** Grey bars standing for the provider's fields (a card form: 3, PayPal's buttons: 2). */
  bars?: number;
  /** Over the reserved area (absolute) instead of in the flow. */
  overlay?: boolean;
};

/**
 * What stands in the widget's place while a provider's script and form load: the same height as
 * the form to come, so that nothing below it jumps when it appears.
 */
export function PaymentSkeleton({ bars = 3, overlay = false }: PaymentSkeletonProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`grid content-start gap-3 rounded-xl bg-white dark:bg-ink-950 ${overlay ? 'absolute inset-0 z-10' : ''}`}
    >
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        Chargement du paiement sécurisé…
      </p>
      {Array.from({ length: bars }, (_, index) => (
        <span key={index} aria-hidden="true" className="block h-12 animate-pulse rounded-lg bg-slate-100 dark:bg-ink-800" />
      ))}
    </div>
  );
}
