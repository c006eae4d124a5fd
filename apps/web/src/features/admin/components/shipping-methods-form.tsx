import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatCents, parseEurosToCents } from '@erepare/shared/format';
import {
  adminShippingMethodsResponseSchema,
  adminShippingMethodsUpdateSchema,
  type AdminShippingMethod,
  type AdminShippingMethodsUpdate,
} from '@erepare/shared/schemas/admin-shop';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { adminKey } from './use-admin-list';

/** Shipping methods (GET/PUT /api/admin/shipping-methods): price, free threshold, enabled. */

const shippingKey = adminKey('shipping-methods');

type Row = { enabled: boolean; cost: string; threshold: string };
type Rows = Record<string, Row>;
type Errors = Record<string, { cost?: string; threshold?: string }>;

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

function toRows(methods: AdminShippingMethod[]): Rows {
  return Object.fromEntries(
    methods.map((method) => [method.id, { enabled: method.enabled, cost: euros(method.costCents), threshold: method.freeThresholdCents === null ? '' : euros(method.freeThresholdCents) }]),
  );
}

/** The changed methods as the API wants them, or the French errors per field. */
export function buildShippingUpdate(methods: AdminShippingMethod[], rows: Rows): { body: AdminShippingMethodsUpdate | null; errors: Errors; formError?: string } {
  const errors: Errors = {};
  const changes: AdminShippingMethodsUpdate['methods'] = [];
  for (const method of methods) {
    const row = rows[method.id];
    if (!row) continue;
    const change: AdminShippingMethodsUpdate['methods'][number] = { id: method.id };
    if (row.enabled !== method.enabled) change.enabled = row.enabled;
    if (method.kind !== 'pickup') {
      const cost = parseEurosToCents(row.cost);
      if (cost === null || cost < 0) errors[method.id] = { ...errors[method.id], cost: 'Prix invalide (par exemple 4,90)' };
      else if (cost !== method.costCents) change.costCents = cost;
      const threshold = row.threshold.trim() === '' ? null : parseEurosToCents(row.threshold);
      if (row.threshold.trim() !== '' && (threshold === null || threshold < 0)) errors[method.id] = { ...errors[method.id], threshold: 'Seuil invalide (par exemple 50,00, ou vide)' };
      else if (threshold !== method.freeThresholdCents) change.freeThresholdCents = threshold;
    }
    if (Object.keys(change).length > 1) changes.push(change);
  }
  if (Object.keys(errors).length) return { body: null, errors };
  if (changes.length === 0) return { body: null, errors, formError: 'Aucune modification à enregistrer.' };
  const parsed = adminShippingMethodsUpdateSchema.safeParse({ methods: changes });
  if (!parsed.success) return { body: null, errors, formError: parsed.error.issues[0]?.message ?? 'Modes de livraison invalides' };
  return { body: parsed.data, errors };
}

function MethodsForm({ methods }: { methods: AdminShippingMethod[] }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Rows>(() => toRows(methods));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: AdminShippingMethodsUpdate) => apiRequest('/api/admin/shipping-methods', { method: 'PUT', body, schema: adminShippingMethodsResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message ?? 'Modes de livraison enregistrés');
      queryClient.setQueryData(shippingKey, response);
      setRows(toRows(response.data));
      void queryClient.invalidateQueries({ queryKey: adminKey('audit') });
    },
  });

  const set = (id: string, patch: Partial<Row>) => setRows((current) => ({ ...current, [id]: { ...(current[id] as Row), ...patch } }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const result = buildShippingUpdate(methods, rows);
    setErrors(result.errors);
    setFormError(result.formError ?? null);
    if (result.body) save.mutate(result.body);
  };

  const input =
    'block min-h-11 w-28 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 dark:bg-ink-900 dark:text-slate-100';
  return (
    <form noValidate aria-labelledby="shipping-heading" className="space-y-4" onSubmit={onSubmit}>
      <h2 id="shipping-heading" className="text-xl font-semibold">
        Modes de livraison
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Prix en euros TTC. Seuil de gratuité&nbsp;: la livraison devient gratuite au-delà de ce montant de panier (laisser vide&nbsp;: jamais gratuite). Le retrait en boutique est toujours gratuit.
      </p>
      {formError ? <ErrorBox>{formError}</ErrorBox> : null}
      {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
      <ul className="space-y-3">
        {methods.map((method) => {
          const row = rows[method.id] as Row;
          const error = errors[method.id] ?? {};
          const base = `shipping-${method.id}`;
          return (
            <li key={method.id} className="rounded-lg border border-slate-300 p-4 dark:border-slate-600">
              <fieldset>
                <legend className="font-semibold">{method.title}</legend>
                <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">
                  {method.description}
                  {method.enabled && !method.offered ? ' — non proposé au paiement\u00a0: Colissimo n’est pas configuré.' : ''}
                </p>
                <div className="flex flex-wrap items-start gap-4">
                  <label className="flex min-h-11 items-center gap-2">
                    <input type="checkbox" className="size-5 accent-brand-700" checked={row.enabled} onChange={(event) => set(method.id, { enabled: event.target.checked })} />
                    Actif
                  </label>
                  {method.kind !== 'pickup' ? (
                    <>
                      <div>
                        <label htmlFor={`${base}-cost`} className="mb-1 block text-sm font-medium">
                          Prix (€)
                        </label>
                        <input
                          id={`${base}-cost`}
                          inputMode="decimal"
                          value={row.cost}
                          onChange={(event) => set(method.id, { cost: event.target.value })}
                          aria-invalid={error.cost ? true : undefined}
                          aria-describedby={error.cost ? `${base}-cost-error` : `${base}-cost-default`}
                          className={`${input} ${error.cost ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-600'}`}
                        />
                        <p id={`${base}-cost-default`} className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                          Par défaut&nbsp;: {formatCents(method.defaults.costCents)}
                        </p>
                        {error.cost ? (
                          <p id={`${base}-cost-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                            {error.cost}
                          </p>
                        ) : null}
                      </div>
                      <div>
                        <label htmlFor={`${base}-threshold`} className="mb-1 block text-sm font-medium">
                          Gratuit à partir de (€)
                        </label>
                        <input
                          id={`${base}-threshold`}
                          inputMode="decimal"
                          value={row.threshold}
                          onChange={(event) => set(method.id, { threshold: event.target.value })}
                          aria-invalid={error.threshold ? true : undefined}
                          aria-describedby={error.threshold ? `${base}-threshold-error` : `${base}-threshold-default`}
                          className={`${input} ${error.threshold ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-600'}`}
                        />
                        <p id={`${base}-threshold-default`} className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                          Par défaut&nbsp;: {method.defaults.freeThresholdCents === null ? 'jamais gratuit' : formatCents(method.defaults.freeThresholdCents)}
                        </p>
                        {error.threshold ? (
                          <p id={`${base}-threshold-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                            {error.threshold}
                          </p>
                        ) : null}
                      </div>
                    </>
                  ) : null}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <Button type="submit" disabled={save.isPending}>
        <Save aria-hidden="true" className="size-4" />
        {save.isPending ? 'Enregistrement…' : 'Enregistrer les modes de livraison'}
      </Button>
    </form>
  );
}

export function ShippingMethodsForm() {
  const methods = useQuery({
    queryKey: shippingKey,
    queryFn: ({ signal }) => apiRequest('/api/admin/shipping-methods', { schema: adminShippingMethodsResponseSchema, signal }),
  });
  if (methods.isPending) return <Spinner label="Chargement des modes de livraison…" />;
  if (methods.error)
    return (
      <ErrorBox>
        {methods.error.message}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void methods.refetch()}>
          Réessayer
        </button>
      </ErrorBox>
    );
  return <MethodsForm key={methods.dataUpdatedAt} methods={methods.data.data} />;
}
