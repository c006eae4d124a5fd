import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../../components/ui/button';
import { BackToList, InfoBox, QueryState } from '../shop/kit';
import { isReadOnlyError } from './api';

type DetailQuery<T> = {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  refetch: () => unknown;
};

/**
 * The frame of a repair record's detail (ticket, customer, invoice): back to the list, then the
 * loading state, the error with a retry, the read-only notice of the RepairDesk backend when the
 * record cannot be read here, or the record itself.
 */
export function RepairDetail<T>({ query, label, children }: { query: DetailQuery<T>; label: string; children: (data: T) => ReactNode }) {
  return (
    <div className="space-y-5">
      <BackToList />
      {isReadOnlyError(query.error) ? (
        <InfoBox>{query.error.message}</InfoBox>
      ) : (
        <QueryState query={query} label={label}>
          {() => (query.data ? children(query.data) : null)}
        </QueryState>
      )}
    </div>
  );
}

/**
 * Above a repair list: the button that creates a record, or, with the RepairDesk backend, the
 * notice saying why records are read-only here.
 */
export function CreateOrReadOnly({ readOnly, to, children }: { readOnly: string | null; to: string; children: ReactNode }) {
  if (readOnly) return <InfoBox>{readOnly}</InfoBox>;
  return (
    <Link to={to} className={buttonClasses('primary')}>
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
