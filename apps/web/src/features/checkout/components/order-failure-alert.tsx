import { AlertTriangle } from 'lucide-react';
import { forwardRef } from 'react';
import { Link } from 'react-router';
import { shopMessages } from '@erepare/shared/shop';

export type OrderFailure = { message: string; issues: string[] };

/**
 * "Erreur lors de la création de la commande" + the server's message (or "Erreur inconnue") +
 * "Veuillez réessayer ou contacter le support." (spec 2 §8); invalid data lists the server's
 * field messages as the older variant did ("Données invalides: …"), stock errors included.
 */
export const OrderFailureAlert = forwardRef<HTMLDivElement, { failure: OrderFailure }>(function OrderFailureAlert({ failure }, ref) {
  const details = failure.issues.length > 0 ? shopMessages.invalidData(failure.issues) : null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 outline-none dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
        {shopMessages.orderCreationFailed}
      </p>
      <p className="mt-1">{failure.message || shopMessages.unknownError}</p>
      {details && details !== failure.message ? <p className="mt-1">{details}</p> : null}
      <p className="mt-1">{shopMessages.retryOrContact}</p>
      <Link to="/panier" className="mt-1 inline-flex min-h-11 items-center font-medium underline underline-offset-2">
        Modifier mon panier
      </Link>
    </div>
  );
});
