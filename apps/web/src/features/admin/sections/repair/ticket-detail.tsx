import { FilePlus2 } from 'lucide-react';
import { staffStatusLabel } from '@erepare/shared/ticket-status';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ticketPatchSchema, ticketStatusBodySchema, type AdminTicket } from '@erepare/shared/schemas/admin-repair';
import { Button } from '../../../../components/ui/button';
import { ErrorBox, Field } from '../../../../components/ui/field';
import { formatDateTime, formatDay, formatEuros } from '../shop/money';
import { applyIssues, DetailHeading, EditButton, CheckboxField, ColourBadge, Facts, InfoBox, MiniTable, Panel, SectionLink, SelectField, TextareaField } from '../shop/kit';
import { useChangeTicketStatus, useRepairReadOnly, useStatuses, useTicket, useUpdateTicket } from './api';
import { DeviceFields, deviceIssuePath, devicesToBody, deviceToValues, type DeviceValues } from './device-fields';
import { RepairDetail } from './repair-detail';
import { invoiceStatusLabel } from './labels';

export function TicketDetail({ ticket }: { ticket: string }) {
  return (
    <RepairDetail query={useTicket(ticket)} label="Chargement du ticket…">
      {(data) => <TicketView ticket={data} />}
    </RepairDetail>
  );
}

function TicketView({ ticket }: { ticket: AdminTicket }) {
  const [editing, setEditing] = useState(false);
  const readOnly = useRepairReadOnly();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <DetailHeading>Ticket {ticket.ticketNumber}</DetailHeading>
        <ColourBadge name={staffStatusLabel(ticket.status)} color={ticket.statusColor} />
        <span className="text-sm text-slate-600 dark:text-slate-300">{ticket.statusType === 'Closed' ? 'Fermé' : 'Ouvert'}</span>
      </div>
      {readOnly ? <InfoBox>{readOnly}</InfoBox> : <StatusChange ticket={ticket} />}
      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title="Client">
          <Facts
            items={[
              ['Nom', <SectionLink key="c" section="clients" id={ticket.customer.id}>{ticket.customer.fullName || `Client ${ticket.customer.id}`}</SectionLink>],
              ['E-mail', ticket.customer.email ?? '—'],
              ['Téléphone', ticket.customer.phone],
            ]}
          />
        </Panel>
        <Panel
          title="Informations"
          actions={
            editing || readOnly ? null : <EditButton onClick={() => setEditing(true)} />
          }
        >
          <Facts
            items={[
              ['Créé le', formatDateTime(ticket.createdAt)],
              ['Mis à jour le', formatDateTime(ticket.updatedAt)],
              ['À rendre le', formatDay(ticket.dueOn)],
              ['Total estimé', formatEuros(ticket.totalCents)],
              ['Description', <span key="d" className="whitespace-pre-line">{ticket.description || '—'}</span>],
              ['Notes internes', <span key="n" className="whitespace-pre-line">{ticket.notes || '—'}</span>],
            ]}
          />
        </Panel>
      </div>
      {editing ? <TicketEditForm ticket={ticket} onDone={() => setEditing(false)} /> : null}
      <Panel title="Appareils">
        <MiniTable
          caption={`Appareils du ticket ${ticket.ticketNumber}`}
          head={['Appareil', 'Catégorie', 'Panne', 'IMEI / série', 'État', 'Estimation']}
          empty="Aucun appareil."
          rows={ticket.devices.map((device) => [
            [device.brand, device.name, device.model].filter(Boolean).join(' '),
            device.category,
            device.fault,
            [device.imei, device.serial].filter(Boolean).join(' / ') || '—',
            device.status ? staffStatusLabel(device.status) : '—',
            formatEuros(device.priceCents),
          ])}
        />
      </Panel>
      <Panel title="Historique">
        <MiniTable
          caption="Historique des statuts"
          head={['Date', 'Changement', 'Note']}
          empty="Aucun changement enregistré."
          rows={ticket.history.map((entry) => [formatDateTime(entry.createdAt), `${entry.fromStatus ? `${staffStatusLabel(entry.fromStatus)} → ` : ''}${staffStatusLabel(entry.toStatus)}`, entry.note || '—'])}
        />
      </Panel>
      <Panel
        title="Factures"
        actions={
          <span className="flex flex-wrap gap-3">
            {/* Issue 24 §1: estimates work with RepairDesk tickets too. */}
            <SectionLink section="devis" id="nouveau" params={{ ticket: ticket.ticketNumber }}>
              Créer un devis
            </SectionLink>
            {readOnly ? null : (
              <SectionLink section="factures" id="nouveau" params={{ ticket: ticket.ticketNumber, customerId: ticket.customer.id }}>
                <span className="inline-flex items-center gap-1">
                  <FilePlus2 aria-hidden="true" className="size-4" />
                  Créer une facture
                </span>
              </SectionLink>
            )}
          </span>
        }
      >
        <MiniTable
          caption={`Factures du ticket ${ticket.ticketNumber}`}
          head={['Facture', 'Statut', 'Total', 'Reste à payer', 'Date']}
          empty="Aucune facture pour ce ticket."
          rows={ticket.invoices.map((invoice) => [
            <SectionLink key="i" section="factures" id={invoice.id}>{invoice.invoiceNumber}</SectionLink>,
            invoiceStatusLabel(invoice.status),
            formatEuros(invoice.totalCents),
            formatEuros(invoice.amountDueCents),
            formatDay(invoice.createdAt),
          ])}
        />
      </Panel>
    </div>
  );
}

function StatusChange({ ticket }: { ticket: AdminTicket }) {
  const statuses = useStatuses();
  const change = useChangeTicketStatus(ticket.ticketNumber);
  const [status, setStatus] = useState(ticket.status);
  const [notify, setNotify] = useState(false);
  const [error, setError] = useState<string>();
  const selected = statuses.data?.find((item) => item.name === status);
  const known = statuses.data?.some((item) => item.name === ticket.status) ?? true;
  return (
    <Panel title="Changer le statut">
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = ticketStatusBodySchema.safeParse({ status, notifyByEmail: notify });
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message);
            return;
          }
          setError(undefined);
          change.mutate(parsed.data, { onSuccess: () => setNotify(false) });
        }}
      >
        {change.error ? <ErrorBox>{change.error.message}</ErrorBox> : null}
        {statuses.error ? <ErrorBox>{statuses.error.message}</ErrorBox> : null}
        <div className="flex flex-wrap items-end gap-3">
          <SelectField label="Nouveau statut" value={status} error={error} onChange={(event) => setStatus(event.target.value)} className="min-w-60" disabled={!statuses.data}>
            {!known ? <option value={ticket.status}>{staffStatusLabel(ticket.status)}</option> : null}
            {statuses.data?.map((item) => (
              <option key={item.id} value={item.name}>
                {staffStatusLabel(item.name)} ({item.type === 'Closed' ? 'fermé' : 'ouvert'})
              </option>
            ))}
          </SelectField>
          <span className="mb-3">
            <ColourBadge name={selected ? `Couleur ${selected.color}` : 'Couleur'} color={selected?.color ?? ticket.statusColor} />
          </span>
        </div>
        <CheckboxField
          label="Prévenir le client par e-mail"
          hint="La notification de suivi est envoyée dans tous les cas&nbsp;; cochez pour ajouter un e-mail."
          checked={notify}
          onChange={(event) => setNotify(event.target.checked)}
        />
        <Button type="submit" disabled={change.isPending || status === ticket.status}>
          {change.isPending ? 'Enregistrement…' : 'Changer le statut'}
        </Button>
      </form>
    </Panel>
  );
}

type EditValues = { devices: DeviceValues[]; description: string; notes: string; dueOn: string };

function TicketEditForm({ ticket, onDone }: { ticket: AdminTicket; onDone: () => void }) {
  const update = useUpdateTicket(ticket.ticketNumber);
  const form = useForm<EditValues>({
    defaultValues: {
      devices: ticket.devices.map(deviceToValues),
      description: ticket.description,
      notes: ticket.notes,
      dueOn: ticket.dueOn ? ticket.dueOn.slice(0, 10) : '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = (values: EditValues) => {
    const devices = devicesToBody(values.devices);
    if ('message' in devices) {
      form.setError(`devices.${devices.index}.price`, { message: devices.message });
      return;
    }
    const parsed = ticketPatchSchema.safeParse({ devices: devices.devices, description: values.description, notes: values.notes, dueOn: values.dueOn || null });
    if (!parsed.success) {
      applyIssues(form.setError, parsed.error.issues, deviceIssuePath);
      return;
    }
    update.mutate(parsed.data, { onSuccess: onDone });
  };
  return (
    <Panel title="Modifier le ticket">
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)}>
        {update.error ? <ErrorBox>{update.error.message}</ErrorBox> : null}
        {errors.root ? <ErrorBox>{errors.root.message}</ErrorBox> : null}
        <DeviceFields
          control={form.control as never}
          register={form.register as never}
          errors={errors}
        />
        <TextareaField label="Description" maxLength={2000} error={errors.description?.message} {...form.register('description')} />
        <TextareaField label="Notes internes" rows={4} maxLength={5000} error={errors.notes?.message} {...form.register('notes')} />
        <Field label="À rendre le" type="date" error={errors.dueOn?.message} {...form.register('dueOn')} className="max-w-xs" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        </div>
      </form>
    </Panel>
  );
}
