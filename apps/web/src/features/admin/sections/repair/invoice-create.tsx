import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { invoiceCreateSchema, type AdminCustomerListItem, type InvoiceLineInput } from '@erepare/shared/schemas/admin-repair';
import { vatRates } from '@erepare/shared/invoice-vat';
import { repairBonusCategories, repairBonusCents } from '@erepare/shared/repair-bonus';
import { Button } from '../../../../components/ui/button';
import { ErrorBox, Field } from '../../../../components/ui/field';
import { Spinner } from '../../../../components/ui/spinner';
import { AMOUNT_FORMAT_MESSAGE, formatEuros, parseEuros } from '../shop/money';
import { applyIssues, BackToList, CheckboxField, Panel, SelectField, TextareaField } from '../shop/kit';
import { useCreateInvoice, useCustomer } from './api';
import { CustomerPicker } from './customer-picker';
import { vatRateLabel } from './invoice-detail';

type LineValues = { name: string; sku: string; quantity: string; unitPrice: string; vatRate: string };
type InvoiceValues = { ticket: string; lines: LineValues[]; notes: string; dueOn: string; customerId: string; bonus: boolean; bonusCategory: string };

const emptyLine: LineValues = { name: '', sku: '', quantity: '1', unitPrice: '', vatRate: '20' };

/** `lines.0.unitPriceCents` (schema) → `lines.0.unitPrice` (form). */
const linePath = (key: string) => key.replace(/^lines\.(\d+)\.unitPriceCents$/, 'lines.$1.unitPrice');

/** New invoice, from a ticket (`?ticket=T-…&customerId=…`) or a customer (`?customerId=…`), or a customer picked here. */
export function InvoiceCreate() {
  const [params] = useSearchParams();
  const customerId = Number(params.get('customerId'));
  const preset = Number.isInteger(customerId) && customerId > 0 ? customerId : null;
  const presetCustomer = useCustomer(preset ?? 0, preset !== null);
  return (
    <div className="space-y-5">
      <BackToList />
      {preset && presetCustomer.isPending ? (
        <Spinner label="Chargement du client…" />
      ) : (
        <InvoiceForm
          initialCustomer={preset && presetCustomer.data ? { ...presetCustomer.data } : null}
          ticket={params.get('ticket') ?? ''}
        />
      )}
    </div>
  );
}

function InvoiceForm({ initialCustomer, ticket }: { initialCustomer: AdminCustomerListItem | null; ticket: string }) {
  const create = useCreateInvoice();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [customer, setCustomer] = useState<AdminCustomerListItem | null>(initialCustomer);
  const form = useForm<InvoiceValues>({ defaultValues: { ticket, lines: [{ ...emptyLine }], notes: '', dueOn: '', customerId: '', bonus: false, bonusCategory: 'smartphone' } });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const watched = useWatch({ control: form.control, name: 'lines' });
  const bonus = useWatch({ control: form.control, name: 'bonus' });
  const bonusCategory = useWatch({ control: form.control, name: 'bonusCategory' });
  const { errors } = form.formState;
  const total = watched.reduce((sum, line) => {
    const price = parseEuros(line.unitPrice);
    const quantity = Number(line.quantity);
    return price !== null && !Number.isNaN(price) && Number.isInteger(quantity) ? sum + price * quantity : sum;
  }, 0);

  const onSubmit = (values: InvoiceValues) => {
    if (!customer) return void form.setError('customerId', { message: 'Choisissez le client de la facture.' });
    const body: InvoiceLineInput[] = [];
    for (const [index, line] of values.lines.entries()) {
      const unitPriceCents = parseEuros(line.unitPrice);
      if (unitPriceCents === null || Number.isNaN(unitPriceCents)) return void form.setError(`lines.${index}.unitPrice`, { message: unitPriceCents === null ? 'Prix unitaire requis' : AMOUNT_FORMAT_MESSAGE });
      body.push({ name: line.name, ...(line.sku.trim() ? { sku: line.sku } : {}), quantity: Number(line.quantity), unitPriceCents, vatRate: line.vatRate as InvoiceLineInput['vatRate'] });
    }
    const parsed = invoiceCreateSchema.safeParse({
      customerId: customer.id,
      ...(values.ticket.trim() ? { ticket: values.ticket } : {}),
      lines: body,
      ...(values.notes.trim() ? { notes: values.notes } : {}),
      ...(values.dueOn ? { dueOn: values.dueOn } : {}),
      ...(values.bonus ? { bonusCategory: values.bonusCategory } : {}),
    });
    if (!parsed.success) return void applyIssues(form.setError, parsed.error.issues, linePath);
    create.mutate(parsed.data, {
      onSuccess: (response) => {
        const next = new URLSearchParams({ section: params.get('section') ?? 'factures', id: String(response.data.id) });
        void navigate(`?${next.toString()}`);
      },
    });
  };

  return (
    <Panel title="Nouvelle facture">
      <form noValidate className="space-y-5" onSubmit={form.handleSubmit(onSubmit)}>
        {create.error ? <ErrorBox>{create.error.message}</ErrorBox> : null}
        {errors.root ? <ErrorBox>{errors.root.message}</ErrorBox> : null}
        <fieldset className="space-y-3">
          <legend className="mb-2 text-base font-semibold">Client</legend>
          <CustomerPicker
            value={customer}
            onChange={(next) => {
              setCustomer(next);
              form.clearErrors('customerId');
            }}
            error={errors.customerId?.message}
          />
        </fieldset>
        <Field label="Ticket (facultatif)" placeholder="T-1234" maxLength={8} className="max-w-xs" error={errors.ticket?.message} {...form.register('ticket')} />
        <fieldset className="space-y-3">
          <legend className="mb-2 text-base font-semibold">Lignes (prix TTC)</legend>
          {errors.lines?.root?.message || errors.lines?.message ? <p className="text-sm font-medium text-red-700 dark:text-red-300">{errors.lines.root?.message ?? errors.lines.message}</p> : null}
          {lines.fields.map((field, index) => {
            const lineErrors = errors.lines?.[index];
            return (
              <div key={field.id} className="grid gap-3 rounded-xl border border-slate-300 p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_0.6fr_1fr_1fr_auto] lg:items-start dark:border-slate-600">
                <Field label={`Désignation (ligne ${index + 1})`} maxLength={200} error={lineErrors?.name?.message} {...form.register(`lines.${index}.name`)} />
                <Field label="Référence" maxLength={60} error={lineErrors?.sku?.message} {...form.register(`lines.${index}.sku`)} />
                <Field label="Quantité" type="number" min={1} max={999} inputMode="numeric" error={lineErrors?.quantity?.message} {...form.register(`lines.${index}.quantity`)} />
                <Field label="Prix unitaire TTC (€)" inputMode="decimal" error={lineErrors?.unitPrice?.message} {...form.register(`lines.${index}.unitPrice`)} />
                <SelectField label="TVA" error={lineErrors?.vatRate?.message} {...form.register(`lines.${index}.vatRate`)}>
                  {vatRates.map((rate) => (
                    <option key={rate} value={rate}>
                      {rate === 'margin' ? 'Marge (occasion)' : vatRateLabel(rate)}
                    </option>
                  ))}
                </SelectField>
                {lines.fields.length > 1 ? (
                  <Button variant="ghost" className="lg:mt-6" onClick={() => lines.remove(index)} aria-label={`Retirer la ligne ${index + 1}`}>
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                ) : null}
              </div>
            );
          })}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button variant="secondary" onClick={() => lines.append({ ...emptyLine })} disabled={lines.fields.length >= 100}>
              <Plus aria-hidden="true" className="size-4" />
              Ajouter une ligne
            </Button>
            <p className="text-lg" aria-live="polite">
              Total TTC&nbsp;: <strong>{formatEuros(total)}</strong>
            </p>
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-base font-semibold">Bonus réparation QualiRépar</legend>
          <CheckboxField
            label="Déduire le bonus réparation"
            hint="Appareil hors garantie, réparation (pas un simple diagnostic)&nbsp;: le bonus est déduit de ce que paie le client, la TVA reste calculée sur le prix complet."
            {...form.register('bonus')}
          />
          {bonus ? (
            <div className="flex flex-wrap items-end gap-3">
              <SelectField label="Catégorie de l’appareil" className="max-w-xs" error={errors.bonusCategory?.message} {...form.register('bonusCategory')}>
                {repairBonusCategories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.label} ({formatEuros(category.amountCents)})
                  </option>
                ))}
              </SelectField>
              <p className="pb-2 text-sm" aria-live="polite">
                Reste à payer après bonus&nbsp;: <strong>{formatEuros(Math.max(total - repairBonusCents(bonusCategory, total), 0))}</strong>
              </p>
            </div>
          ) : null}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextareaField label="Remarques" maxLength={2000} rows={2} error={errors.notes?.message} {...form.register('notes')} />
          <Field label="Échéance" type="date" error={errors.dueOn?.message} {...form.register('dueOn')} />
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">Une facture émise reçoit le numéro suivant et ne peut plus être modifiée (un remboursement se fait par avoir).</p>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Émission…' : 'Émettre la facture'}
        </Button>
      </form>
    </Panel>
  );
}
