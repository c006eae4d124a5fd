import { Info } from 'lucide-react';

/**
 * What changed in the cart since the customer filled it (issue 22 §3.3: price, stock, a product no
 * longer sold), said once where they look, before they order. A live region: a screen reader hears
 * it when it appears.
 */
export function CartChanges({ changes }: { changes: readonly string[] }) {
  return (
    <div role="status" aria-live="polite">
      {changes.length > 0 ? (
        <div className="mb-5 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="flex items-center gap-2 font-semibold">
            <Info aria-hidden="true" className="size-4 shrink-0" />
            Votre panier a été mis à jour
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
