import { FilePlus2 } from 'lucide-react';
import { staffStatusLabel } from '@erepare/shared/ticket-status';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { customerPatchSchema, loyaltyAdjustmentSchema, type AdminCustomer } from '@erepare/shared/schemas/admin-repair';
import { Button } from '../../../../components/ui/button';
import { ErrorBox, Field } from '../../../../components/ui/field';
import { AMOUNT_FORMAT_MESSAGE, formatDateTime, formatDay, formatEuros, parseEuros } from '../shop/money';
import { applyIssues, DetailHeading, EditButton, CheckboxField, ColourBadge, Facts, InfoBox, MiniTable, Panel, Pill, SectionLink, TextareaField } from '../shop/kit';
import { useCustomer, useRepairReadOnly, useSaveCustomer } from './api';
import { RepairDetail } from './repair-detail';
import { invoiceStatusLabel, invoiceStatusTone } from './labels';

export function CustomerDetail({ id }: { id: number }) {
  return (
    <RepairDetail query={useCustomer(id)} label="Chargement du client…">
      {(data) => <CustomerView customer={data} />}
    </RepairDetail>
  );
}

function CustomerView({ customer }: { customer: AdminCustomer }) {
  const [editing, setEditing] = useState(false);
  const readOnly = useRepairReadOnly();
  const address = [customer.address1, customer.address2, [customer.postcode, customer.city].filter(Boolean).join(' '), customer.country].filter(Boolean).join('\n');
  return (
    <div className="space-y-5">
      <DetailHeading>{customer.fullName || `Client ${customer.id}`}</DetailHeading>
      {readOnly ? <InfoBox>{readOnly}</InfoBox> : null}
      <div className="grid gap-5 lg:grid-cols-2">
        <Panel
          title="Coordonnées"
          actions={
            editing || readOnly ? null : <EditButton onClick={() => setEditing(true)} />
          }
        >
          <Facts
            items={[
              ['E-mail', customer.email ?? '—'],
              ['Autres e-mails', customer.emails.filter((email) => email !== customer.email).join(', ')],
              ['Téléphone', customer.phone],
              ['Mobile', customer.mobile],
              ['Société', customer.organization],
              ['SIREN', customer.siren],
              ['N° TVA intracommunautaire', customer.vatNumber],
              ['Adresse', <span key="a" className="whitespace-pre-line">{address || '—'}</span>],
              ['Consentements', `E-mail : ${customer.emailOptIn ? 'oui' : 'non'} · SMS : ${customer.smsOptIn ? 'oui' : 'non'}`],
              ['Client depuis', formatDay(customer.createdAt)],
            ]}
          />
        </Panel>
        <Panel title="Fidélité et compte en ligne">
          <p className="mb-3 text-lg">
            Solde fidélité&nbsp;: <strong>{formatEuros(customer.loyaltyBalanceCents)}</strong>
          </p>
          {customer.accounts.length > 0 ? (
            <ul className="mb-3 space-y-1 text-sm">
              {customer.accounts.map((account) => (
                <li key={account.id}>
                  Compte {account.email} — {account.verified ? 'adresse vérifiée' : 'adresse non vérifiée'}, créé le {formatDay(account.createdAt)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">Aucun compte en ligne lié.</p>
          )}
          {readOnly ? null : <LoyaltyForm customer={customer} />}
        </Panel>
      </div>
      {editing ? <CustomerEditForm customer={customer} onDone={() => setEditing(false)} /> : null}
      <Panel title="Tickets">
        <MiniTable
          caption={`Tickets de ${customer.fullName}`}
          head={['Ticket', 'Statut', 'Appareils', 'Estimation', 'Créé le']}
          empty="Aucun ticket."
          rows={customer.tickets.map((ticket) => [
            <SectionLink key="t" section="tickets" id={ticket.ticketNumber}>{ticket.ticketNumber}</SectionLink>,
            <ColourBadge key="s" name={staffStatusLabel(ticket.status)} color={ticket.statusColor} />,
            ticket.devices.map((device) => device.name).join(', '),
            formatEuros(ticket.totalCents),
            formatDay(ticket.createdAt),
          ])}
        />
      </Panel>
      <Panel
        title="Factures"
        actions={
          readOnly ? null : (
            <SectionLink section="factures" id="nouveau" params={{ customerId: customer.id }}>
              <span className="inline-flex items-center gap-1">
                <FilePlus2 aria-hidden="true" className="size-4" />
                Créer une facture
              </span>
            </SectionLink>
          )
        }
      >
        <MiniTable
          caption={`Factures de ${customer.fullName}`}
          head={['Facture', 'Statut', 'Total', 'Reste à payer', 'Date']}
          empty="Aucune facture."
          rows={customer.invoices.map((invoice) => [
            <SectionLink key="i" section="factures" id={invoice.id}>{invoice.invoiceNumber}</SectionLink>,
            <Pill key="p" tone={invoiceStatusTone(invoice.status)}>{invoiceStatusLabel(invoice.status)}</Pill>,
            formatEuros(invoice.totalCents),
            formatEuros(invoice.amountDueCents),
            formatDateTime(invoice.createdAt),
          ])}
        />
      </Panel>
    </div>
  );
}

type ContactValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  mobile: string;
  organization: string;
  siren: string;
  vatNumber: string;
  address1: string;
  address2: string;
  postcode: string;
  city: string;
  country: string;
  emailOptIn: boolean;
  smsOptIn: boolean;
};

function CustomerEditForm({ customer, onDone }: { customer: AdminCustomer; onDone: () => void }) {
  const save = useSaveCustomer();
  const form = useForm<ContactValues>({
    defaultValues: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email ?? '',
      phone: customer.phone,
      mobile: customer.mobile,
      organization: customer.organization,
      siren: customer.siren,
      vatNumber: customer.vatNumber,
      address1: customer.address1,
      address2: customer.address2,
      postcode: customer.postcode,
      city: customer.city,
      country: customer.country,
      emailOptIn: customer.emailOptIn,
      smsOptIn: customer.smsOptIn,
    },
  });
  const { errors, dirtyFields } = form.formState;
  const onSubmit = (values: ContactValues) => {
    const changed: Record<string, string | boolean | null> = Object.fromEntries(Object.entries(values).filter(([key]) => dirtyFields[key as keyof ContactValues]));
    if (changed.email === '') changed.email = null;
    // A French VAT number holds a SIREN: both go together, so the form can say when they disagree.
    if ('siren' in changed || 'vatNumber' in changed) Object.assign(changed, { siren: values.siren, vatNumber: values.vatNumber });
    const parsed = customerPatchSchema.safeParse(changed);
    if (!parsed.success) return void applyIssues(form.setError, parsed.error.issues);
    save.mutate({ id: customer.id, body: parsed.data }, { onSuccess: onDone });
  };
  const text = (name: keyof ContactValues, label: string, max: number, extra: Record<string, unknown> = {}) => (
    <Field label={label} maxLength={max} autoComplete="off" error={errors[name]?.message} {...extra} {...form.register(name)} />
  );
  return (
    <Panel title="Modifier les coordonnées">
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)}>
        {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
        {errors.root ? <ErrorBox>{errors.root.message}</ErrorBox> : null}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {text('firstName', 'Prénom', 60)}
          {text('lastName', 'Nom', 60)}
          {text('email', 'E-mail', 254, { type: 'email' })}
          {text('phone', 'Téléphone', 30, { type: 'tel' })}
          {text('mobile', 'Mobile', 30, { type: 'tel' })}
          {text('organization', 'Société', 120)}
          {text('siren', 'SIREN', 40, { inputMode: 'numeric', hint: '9 chiffres, facultatif\u00a0: imprimé sur ses factures' })}
          {text('vatNumber', 'N° TVA intracommunautaire', 40, { hint: 'Facultatif, par exemple FR44 732\u202f829\u202f320' })}
          {text('address1', 'Adresse', 120)}
          {text('address2', 'Complément d’adresse', 120)}
          {text('postcode', 'Code postal', 12)}
          {text('city', 'Ville', 80)}
          {text('country', 'Pays', 60)}
        </div>
        <CheckboxField label="Accepte les e-mails commerciaux" {...form.register('emailOptIn')} />
        <CheckboxField label="Accepte les SMS" {...form.register('smsOptIn')} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        </div>
      </form>
    </Panel>
  );
}

type LoyaltyValues = { delta: string; reason: string };

function LoyaltyForm({ customer }: { customer: AdminCustomer }) {
  const save = useSaveCustomer();
  const form = useForm<LoyaltyValues>({ defaultValues: { delta: '', reason: '' } });
  const { errors } = form.formState;
  const onSubmit = (values: LoyaltyValues) => {
    const deltaCents = parseEuros(values.delta);
    if (deltaCents === null || Number.isNaN(deltaCents)) {
      form.setError('delta', { message: deltaCents === null ? 'Montant de l’ajustement requis' : AMOUNT_FORMAT_MESSAGE });
      return;
    }
    const parsed = loyaltyAdjustmentSchema.safeParse({ deltaCents, reason: values.reason });
    if (!parsed.success) return void applyIssues(form.setError, parsed.error.issues, { deltaCents: 'delta' });
    save.mutate({ id: customer.id, body: { loyaltyAdjustment: parsed.data } }, { onSuccess: () => form.reset() });
  };
  return (
    <form noValidate className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-700" onSubmit={form.handleSubmit(onSubmit)} aria-label="Ajuster le solde fidélité">
      <h3 className="font-semibold">Ajuster le solde fidélité</h3>
      {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Montant (€)" inputMode="decimal" hint="Positif pour créditer, négatif pour débiter&nbsp;: 5,00 ou -5,00" error={errors.delta?.message} {...form.register('delta')} />
        <TextareaField label="Motif" rows={2} maxLength={200} error={errors.reason?.message} {...form.register('reason')} />
      </div>
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        {save.isPending ? 'Enregistrement…' : 'Ajuster le solde'}
      </Button>
    </form>
  );
}
