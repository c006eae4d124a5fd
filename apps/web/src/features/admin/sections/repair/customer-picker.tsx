import { useEffect, useId, useState } from 'react';
import type { AdminCustomerListItem } from '@erepare/shared/schemas/admin-repair';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { Spinner } from '../../../../components/ui/spinner';
import { useCustomerSearch } from './api';

/** Search an existing customer (name, e-mail, phone) and pick one; the choice is announced. */
export function CustomerPicker({ value, onChange, error }: { value: AdminCustomerListItem | null; onChange: (customer: AdminCustomerListItem | null) => void; error?: string | undefined }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const listId = useId();
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const search = useCustomerSearch(q);

  if (value) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-300 p-3 dark:border-slate-600" role="status">
        <span>
          Client choisi&nbsp;: <strong>{value.fullName || `Client ${value.id}`}</strong>
          {value.email ? ` (${value.email})` : ''}
        </span>
        <Button variant="secondary" onClick={() => onChange(null)}>
          Changer de client
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <Field label="Rechercher un client" type="search" value={text} onChange={(event) => setText(event.target.value)} hint="Nom, e-mail ou téléphone (2 caractères au moins)" error={error} maxLength={100} aria-controls={listId} />
      <div id={listId} aria-live="polite">
        {q.trim().length < 2 ? null : search.isPending ? (
          <Spinner label="Recherche des clients…" />
        ) : search.error ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-300">{search.error.message}</p>
        ) : search.data && search.data.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300 dark:divide-slate-700 dark:border-slate-600">
            {search.data.map((customer) => (
              <li key={customer.id} className="flex flex-wrap items-center justify-between gap-2 p-2">
                <span className="text-sm">
                  <strong>{customer.fullName || `Client ${customer.id}`}</strong> {customer.email ?? ''} {customer.phone || customer.mobile}
                </span>
                <Button variant="secondary" onClick={() => onChange(customer)} aria-label={`Choisir ${customer.fullName || `le client ${customer.id}`}`}>
                  Choisir
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">Aucun client trouvé.</p>
        )}
      </div>
    </div>
  );
}
