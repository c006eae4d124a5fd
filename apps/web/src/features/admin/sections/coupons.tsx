import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  adminCouponCreateSchema,
  adminCouponListResponseSchema,
  adminCouponResponseSchema,
  adminCouponUpdateSchema,
  adminDeleteResponseSchema,
  couponDiscountTypes,
  couponStatuses,
  type AdminCoupon,
  type AdminCouponUpdate,
} from '@erepare/shared/schemas/admin-shop';
import { apiRequest } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBox, Field } from '../../../components/ui/field';
import { DataTable } from '../components/data-table';
import { SearchFilter, SelectFilter } from '../components/list-filters';
import { useAdminList } from '../components/use-admin-list';
import { applyIssues, CheckboxField, Panel, Pill, SelectField, TextareaField } from './shop/kit';
import { AMOUNT_FORMAT_MESSAGE, centsToInput, formatDateTime, formatEuros, hundredthsToInput, parseEuros } from './shop/money';

const couponsKey = ['admin', 'coupons'] as const;

export const couponStatusLabels: Record<AdminCoupon['status'], string> = {
  publish: 'Publié',
  draft: 'Brouillon',
  pending: 'En attente',
  private: 'Privé',
  trash: 'Corbeille',
};
const discountTypeLabels: Record<AdminCoupon['discountType'], string> = {
  percent: 'Pourcentage',
  fixed_cart: 'Montant fixe sur le panier',
  fixed_product: 'Montant fixe par produit',
};

export function couponAmountLabel(coupon: Pick<AdminCoupon, 'discountType' | 'amount'>): string {
  return coupon.discountType === 'percent' ? `${hundredthsToInput(coupon.amount)} %` : formatEuros(coupon.amount);
}

const column = createColumnHelper<AdminCoupon>();
const columns = [
  column.accessor('code', { header: 'Code', cell: (info) => <span className="font-mono">{info.getValue()}</span> }),
  column.accessor('status', { header: 'Statut', cell: (info) => <Pill tone={info.getValue() === 'publish' ? 'good' : info.getValue() === 'trash' ? 'bad' : 'neutral'}>{couponStatusLabels[info.getValue()]}</Pill> }),
  column.accessor('amount', { header: 'Remise', cell: (info) => `${couponAmountLabel(info.row.original)} (${discountTypeLabels[info.row.original.discountType].toLowerCase()})` }),
  column.accessor('expiresAt', { header: 'Expire le', cell: (info) => (info.getValue() ? formatDateTime(info.getValue()) : 'Jamais') }),
  column.accessor('usageCount', { header: 'Utilisations', cell: (info) => `${info.getValue()}${info.row.original.usageLimit ? ` / ${info.row.original.usageLimit}` : ''}` }),
  column.accessor('listed', { header: 'Bandeau', cell: (info) => (info.getValue() ? 'Affiché' : '—') }),
];

function useCouponMutations() {
  const client = useQueryClient();
  const done = (message: string | undefined, fallback: string) => {
    void client.invalidateQueries({ queryKey: couponsKey });
    toastSuccess(message ?? fallback);
  };
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminCouponUpdate }) =>
      apiRequest(id === null ? '/api/admin/coupons' : `/api/admin/coupons/${id}`, { method: id === null ? 'POST' : 'PATCH', body, schema: adminCouponResponseSchema }),
    onSuccess: (response) => done(response.message, 'Code promo enregistré'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(`/api/admin/coupons/${id}`, { method: 'DELETE', schema: adminDeleteResponseSchema }),
    onSuccess: (response) => done(response.message, 'Code promo supprimé'),
  });
  return { save, remove };
}

export function CouponsSection() {
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const list = useAdminList({ key: 'coupons', path: '/api/admin/coupons', schema: adminCouponListResponseSchema, filterKeys: ['search', 'status'] });
  return (
    <div className="space-y-5">
      {editing === null ? (
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          Nouveau code promo
        </Button>
      ) : (
        <CouponForm key={editing === 'new' ? 'new' : editing.id} coupon={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
      <DataTable
        caption="Codes promo"
        captionHidden
        columns={columns}
        {...list.tableProps}
        loadingLabel="Chargement des codes promo…"
        emptyMessage="Aucun code promo ne correspond à ces critères."
        onRowOpen={(coupon) => {
          setEditing(coupon);
          window.scrollTo({ top: 0 });
        }}
        rowLabel={(coupon) => `Modifier le code ${coupon.code}`}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <SearchFilter label="Rechercher" placeholder="Code" value={list.filters.search ?? ''} onChange={(value) => list.setFilter('search', value)} />
            <SelectFilter label="Statut" value={list.filters.status ?? ''} onChange={(value) => list.setFilter('status', value)} options={couponStatuses.map((status) => ({ value: status, label: couponStatusLabels[status] }))} />
          </div>
        }
      />
    </div>
  );
}

type CouponValues = {
  code: string;
  status: AdminCoupon['status'];
  discountType: AdminCoupon['discountType'];
  amount: string;
  description: string;
  expiresAt: string;
  usageLimit: string;
  minimum: string;
  maximum: string;
  individualUse: boolean;
  listed: boolean;
};

/** ISO date-time → the value of a datetime-local input (local time of the browser). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function CouponForm({ coupon, onDone }: { coupon: AdminCoupon | null; onDone: () => void }) {
  const { save, remove } = useCouponMutations();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<CouponValues>({
    defaultValues: {
      code: coupon?.code ?? '',
      status: coupon?.status ?? 'publish',
      discountType: coupon?.discountType ?? 'percent',
      amount: coupon ? (coupon.discountType === 'percent' ? hundredthsToInput(coupon.amount) : centsToInput(coupon.amount)) : '',
      description: coupon?.description ?? '',
      expiresAt: toLocalInput(coupon?.expiresAt ?? null),
      usageLimit: coupon?.usageLimit ? String(coupon.usageLimit) : '',
      minimum: coupon?.minimumCents ? centsToInput(coupon.minimumCents) : '',
      maximum: coupon?.maximumCents ? centsToInput(coupon.maximumCents) : '',
      individualUse: coupon?.individualUse ?? false,
      listed: coupon?.listed ?? false,
    },
  });
  const { errors } = form.formState;
  const discountType = useWatch({ control: form.control, name: 'discountType' });

  const onSubmit = (values: CouponValues) => {
    const amounts = { amount: parseEuros(values.amount), minimum: parseEuros(values.minimum), maximum: parseEuros(values.maximum) };
    let bad = false;
    for (const [name, value] of Object.entries(amounts)) {
      if (value !== null && Number.isNaN(value)) {
        form.setError(name as keyof typeof amounts, { message: name === 'amount' && values.discountType === 'percent' ? 'Pourcentage invalide\u00a0: par exemple 10 ou 12,5' : AMOUNT_FORMAT_MESSAGE });
        bad = true;
      }
    }
    if (amounts.amount === null) {
      form.setError('amount', { message: 'Montant de la remise requis' });
      bad = true;
    }
    const usageLimit = values.usageLimit.trim() === '' ? null : Number(values.usageLimit);
    if (usageLimit !== null && !Number.isInteger(usageLimit)) {
      form.setError('usageLimit', { message: 'Limite d’utilisation\u00a0: nombre entier attendu' });
      bad = true;
    }
    if (bad) return;
    const body = {
      code: values.code,
      status: values.status,
      discountType: values.discountType,
      amount: amounts.amount ?? 0,
      description: values.description,
      expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null,
      usageLimit,
      minimumCents: amounts.minimum ?? 0,
      maximumCents: amounts.maximum ?? 0,
      individualUse: values.individualUse,
      listed: values.listed,
    };
    const map = { minimumCents: 'minimum', maximumCents: 'maximum' };
    if (coupon) {
      const parsed = adminCouponUpdateSchema.safeParse(body);
      if (!parsed.success) return void applyIssues(form.setError, parsed.error.issues, map);
      save.mutate({ id: coupon.id, body: parsed.data }, { onSuccess: onDone });
    } else {
      const parsed = adminCouponCreateSchema.safeParse(body);
      if (!parsed.success) return void applyIssues(form.setError, parsed.error.issues, map);
      save.mutate({ id: null, body: parsed.data }, { onSuccess: onDone });
    }
  };

  return (
    <Panel title={coupon ? `Modifier le code ${coupon.code}` : 'Nouveau code promo'}>
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)}>
        {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
        {remove.error ? <ErrorBox>{remove.error.message}</ErrorBox> : null}
        {errors.root ? <ErrorBox>{errors.root.message}</ErrorBox> : null}
        {coupon ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Utilisé {coupon.usageCount} fois, cité par {coupon.orderCount} commande(s). Créé le {formatDateTime(coupon.createdAt)}.
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Code" maxLength={40} autoComplete="off" hint="Lettres sans accent, chiffres, - et _ (mis en majuscules)" error={errors.code?.message} {...form.register('code')} />
          <SelectField label="Statut" error={errors.status?.message} {...form.register('status')}>
            {couponStatuses.map((status) => (
              <option key={status} value={status}>
                {couponStatusLabels[status]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Type de remise" error={errors.discountType?.message} {...form.register('discountType')}>
            {couponDiscountTypes.map((type) => (
              <option key={type} value={type}>
                {discountTypeLabels[type]}
              </option>
            ))}
          </SelectField>
          <Field
            label={discountType === 'percent' ? 'Remise (%)' : 'Remise (€)'}
            inputMode="decimal"
            hint={discountType === 'percent' ? 'De 0 à 100, par exemple 12,5' : 'Par exemple 5,00'}
            error={errors.amount?.message}
            {...form.register('amount')}
          />
          <Field label="Expire le" type="datetime-local" hint="Vide&nbsp;: n’expire pas" error={errors.expiresAt?.message} {...form.register('expiresAt')} />
          <Field label="Limite d’utilisation" type="number" min={1} inputMode="numeric" hint="Vide&nbsp;: illimité" error={errors.usageLimit?.message} {...form.register('usageLimit')} />
          <Field label="Montant minimum du panier (€)" inputMode="decimal" hint="Vide&nbsp;: aucun" error={errors.minimum?.message} {...form.register('minimum')} />
          <Field label="Montant maximum du panier (€)" inputMode="decimal" hint="Vide&nbsp;: aucun" error={errors.maximum?.message} {...form.register('maximum')} />
        </div>
        <TextareaField label="Description (interne)" maxLength={500} rows={2} error={errors.description?.message} {...form.register('description')} />
        <CheckboxField label="Usage individuel" hint="Ne se cumule pas avec d’autres codes promo." {...form.register('individualUse')} />
        <CheckboxField label="Affiché dans le bandeau de la boutique" {...form.register('listed')} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Enregistrement…' : coupon ? 'Enregistrer' : 'Créer le code promo'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
          {coupon ? (
            <Button variant="danger" onClick={() => setConfirmDelete(true)} disabled={remove.isPending}>
              <Trash2 aria-hidden="true" className="size-4" />
              Supprimer
            </Button>
          ) : null}
        </div>
      </form>
      {confirmDelete && coupon ? (
        <ConfirmDialog
          title={`Supprimer le code ${coupon.code}\u00a0?`}
          confirmLabel="Supprimer"
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => {
            setConfirmDelete(false);
            remove.mutate(coupon.id, { onSuccess: onDone });
          }}
        >
          {coupon.orderCount > 0 || coupon.usageCount > 0 ? 'Ce code a déjà servi\u00a0: il sera mis à la corbeille plutôt que supprimé.' : 'Le code est supprimé définitivement.'}
        </ConfirmDialog>
      ) : null}
    </Panel>
  );
}
