import type { ReactNode } from 'react';
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
