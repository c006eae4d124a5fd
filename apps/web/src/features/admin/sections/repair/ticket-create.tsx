import { useState } from 'react';
import { staffStatusLabel } from '@erepare/shared/ticket-status';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ticketCreateSchema, type AdminCustomerListItem } from '@erepare/shared/schemas/admin-repair';
import { Button } from '../../../../components/ui/button';
import { ErrorBox, Field } from '../../../../components/ui/field';
import { applyIssues, BackToList, Panel, SelectField, TextareaField, useDetailId } from '../shop/kit';
import { useCreateTicket, useStatuses } from './api';
import { CustomerPicker } from './customer-picker';
import { DeviceFields, deviceIssuePath, devicesToBody, emptyDevice, type DeviceValues } from './device-fields';

type NewCustomer = { firstName: string; lastName: string; email: string; phone: string };
type CreateValues = {
  customerMode: 'existing' | 'new';
  customer: NewCustomer;
  devices: DeviceValues[];
  status: string;
  description: string;
  dueOn: string;
  customerId: string;
};

export function TicketCreate() {
  const create = useCreateTicket();
  const statuses = useStatuses();
  const navigate = useNavigate();
  const { hrefFor } = useDetailId();
  const [picked, setPicked] = useState<AdminCustomerListItem | null>(null);
  const form = useForm<CreateValues>({
    defaultValues: {
      customerMode: 'existing',
      customer: { firstName: '', lastName: '', email: '', phone: '' },
      devices: [{ ...emptyDevice }],
      status: '',
      description: '',
      dueOn: '',
      customerId: '',
    },
  });
  const { errors } = form.formState;
  const mode = useWatch({ control: form.control, name: 'customerMode' });

  const onSubmit = (values: CreateValues) => {
    const devices = devicesToBody(values.devices);
    if ('message' in devices) {
      form.setError(`devices.${devices.index}.price`, { message: devices.message });
      return;
    }
    if (values.customerMode === 'existing' && !picked) {
      form.setError('customerId', { message: 'Choisissez un client existant ou saisissez un nouveau client.' });
      return;
    }
    const body = {
      ...(values.customerMode === 'existing' && picked ? { customerId: picked.id } : { customer: { ...values.customer, email: values.customer.email || null } }),
      devices: devices.devices,
      ...(values.status ? { status: values.status } : {}),
      ...(values.description.trim() ? { description: values.description } : {}),
      ...(values.dueOn ? { dueOn: values.dueOn } : {}),
    };
    const parsed = ticketCreateSchema.safeParse(body);
    if (!parsed.success) {
      applyIssues(form.setError, parsed.error.issues, deviceIssuePath);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (response) => void navigate(hrefFor(response.data.ticketNumber)),
    });
  };

  return (
    <div className="space-y-5">
      <BackToList />
      <Panel title="Nouveau ticket">
        <form noValidate className="space-y-5" onSubmit={form.handleSubmit(onSubmit)}>
          {create.error ? <ErrorBox>{create.error.message}</ErrorBox> : null}
          {errors.root ? <ErrorBox>{errors.root.message}</ErrorBox> : null}
          <fieldset className="space-y-3">
            <legend className="mb-2 text-base font-semibold">Client</legend>
            <div className="flex flex-wrap gap-4">
              <label className="flex min-h-11 items-center gap-2">
                <input type="radio" value="existing" className="size-5 accent-brand-700" {...form.register('customerMode')} />
                Client existant
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input type="radio" value="new" className="size-5 accent-brand-700" {...form.register('customerMode')} />
                Nouveau client
              </label>
            </div>
            {mode === 'existing' ? (
              <CustomerPicker
                value={picked}
                onChange={(customer) => {
                  setPicked(customer);
                  form.clearErrors('customerId');
                }}
                error={errors.customerId?.message}
              />
            ) : (
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="Prénom" autoComplete="off" maxLength={60} error={errors.customer?.firstName?.message} {...form.register('customer.firstName')} />
                <Field label="Nom" autoComplete="off" maxLength={60} error={errors.customer?.lastName?.message} {...form.register('customer.lastName')} />
                <Field label="E-mail" type="email" autoComplete="off" maxLength={254} error={errors.customer?.email?.message} {...form.register('customer.email')} />
                <Field label="Téléphone" type="tel" autoComplete="off" maxLength={30} error={errors.customer?.phone?.message} {...form.register('customer.phone')} />
              </div>
            )}
          </fieldset>
          <DeviceFields control={form.control as never} register={form.register as never} errors={errors} />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField label="Statut initial" error={errors.status?.message} {...form.register('status')}>
              <option value="">Statut par défaut</option>
              {statuses.data?.map((status) => (
                <option key={status.id} value={status.name}>
                  {staffStatusLabel(status.name)}
                </option>
              ))}
            </SelectField>
            <Field label="À rendre le" type="date" error={errors.dueOn?.message} {...form.register('dueOn')} />
          </div>
          <TextareaField label="Description" maxLength={2000} error={errors.description?.message} {...form.register('description')} />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Création…' : 'Créer le ticket'}
          </Button>
        </form>
      </Panel>
    </div>
  );
}
