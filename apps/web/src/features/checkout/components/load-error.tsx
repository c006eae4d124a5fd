import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';

type LoadErrorProps = { title: string; onRetry: () => void; retrying: boolean };

/** A list the step needs could not be loaded: say so, and offer to try again (spec 2 §8). */
export function LoadError({ title, onRetry, retrying }: LoadErrorProps) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">Veuillez réessayer ou contacter le support</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} />
        Réessayer
      </Button>
    </div>
  );
}
