import { Pencil, Plus, Trash2 } from 'lucide-react';
import { staffStatusLabel } from '@erepare/shared/ticket-status';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { statusCreateSchema, statusPatchSchema, statusTypes, type AdminStatus } from '@erepare/shared/schemas/admin-repair';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBox, Field } from '../../../components/ui/field';
import { isReadOnlyError, useDeleteStatus, useRepairReadOnly, useSaveStatus, useStatuses } from './repair/api';
import { statusTypeLabel } from './repair/labels';
import { applyIssues, ColourBadge, InfoBox, Panel, QueryState, SelectField } from './shop/kit';

/**
 * Statuses of the repair desk: a short list (no paging on the server), each with its colour,
 * type and how many tickets use it; create, edit (a rename is carried to every ticket by the
 * server) and delete (refused while in use: the server's message is shown).
 */
export function StatusesSection() {
  const statuses = useStatuses();
  const [editing, setEditing] = useState<AdminStatus | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminStatus | null>(null);
  const remove = useDeleteStatus();
  const readOnly = useRepairReadOnly();

  if (isReadOnlyError(statuses.error)) return <InfoBox>{statuses.error.message}</InfoBox>;
  return (
    <div className="space-y-5">
      {readOnly ? <InfoBox>{readOnly}</InfoBox> : editing === null ? (
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          Nouveau statut
        </Button>
      ) : (
        <StatusForm key={editing === 'new' ? 'new' : editing.id} status={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
      {remove.error ? <ErrorBox>{remove.error.message}</ErrorBox> : null}
      <QueryState query={statuses} label="Chargement des statuts…">
        {() =>
          statuses.data && statuses.data.length > 0 ? (
            <div className="relative overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-700" tabIndex={0} role="region" aria-label="Statuts des réparations">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption className="sr-only">Statuts des réparations</caption>
                <thead className="bg-slate-50 dark:bg-ink-800">
                  <tr>
                    <th scope="col" className="px-3 py-2">Statut</th>
                    <th scope="col" className="px-3 py-2">Couleur</th>
                    <th scope="col" className="px-3 py-2">Type</th>
                    <th scope="col" className="px-3 py-2 text-right">Tickets</th>
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {statuses.data.map((status) => (
                    <tr key={status.id} className="border-t border-slate-200 dark:border-slate-700">
                      <th scope="row" className="px-3 py-2 font-semibold">
                        <ColourBadge name={staffStatusLabel(status.name)} color={status.color} />
                        {staffStatusLabel(status.name) !== status.name ? (
                          <span className="mt-0.5 block text-xs font-normal text-slate-600 dark:text-slate-300">Nom dans le logiciel&nbsp;: {status.name}</span>
                        ) : null}
                      </th>
                      <td className="px-3 py-2 font-mono">{status.color}</td>
                      <td className="px-3 py-2">{statusTypeLabel(status.type)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{status.ticketCount ?? '—'}</td>
                      <td className="px-3 py-2">
                        <div className={readOnly ? 'hidden' : 'flex justify-end gap-1'}>
                          <Button variant="ghost" onClick={() => setEditing(status)} aria-label={`Modifier le statut ${staffStatusLabel(status.name)}`}>
                            <Pencil aria-hidden="true" className="size-4" />
                          </Button>
                          <Button variant="ghost" onClick={() => setDeleting(status)} aria-label={`Supprimer le statut ${staffStatusLabel(status.name)}`}>
                            <Trash2 aria-hidden="true" className="size-4" />
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>Aucun statut&nbsp;: créez le premier.</p>
          )
        }
      </QueryState>
      {deleting ? (
        <ConfirmDialog
          title={`Supprimer le statut «\u00a0${deleting.name}\u00a0»\u00a0?`}
          confirmLabel="Supprimer"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting.id;
            setDeleting(null);
            remove.mutate(id);
          }}
        >
          {(deleting.ticketCount ?? 0) > 0 ? `${deleting.ticketCount} ticket(s) l’utilisent\u00a0: le serveur refusera la suppression.` : 'Aucun ticket ne l’utilise.'}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

type StatusValues = { name: string; color: string; type: 'Open' | 'Closed' };

function StatusForm({ status, onDone }: { status: AdminStatus | null; onDone: () => void }) {
  const save = useSaveStatus();
  const form = useForm<StatusValues>({ defaultValues: status ? { name: status.name, color: status.color, type: status.type } : { name: '', color: '#2563eb', type: 'Open' } });
  const { errors } = form.formState;
  const color = useWatch({ control: form.control, name: 'color' });
  const validColour = /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#000000';
  const onSubmit = (values: StatusValues) => {
    if (status) {
      const changes = Object.fromEntries(Object.entries(values).filter(([key, value]) => status[key as keyof StatusValues] !== value));
      const parsed = statusPatchSchema.safeParse(changes);
      if (!parsed.success) return void applyIssues(form.setError, parsed.error.issues);
      save.mutate({ id: status.id, body: parsed.data }, { onSuccess: onDone });
    } else {
      const parsed = statusCreateSchema.safeParse(values);
      if (!parsed.success) return void applyIssues(form.setError, parsed.error.issues);
      save.mutate({ id: null, body: parsed.data }, { onSuccess: onDone });
    }
  };
  return (
    <Panel title={status ? `Modifier le statut «\u00a0${status.name}\u00a0»` : 'Nouveau statut'}>
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)}>
        {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
        {errors.root ? <ErrorBox>{errors.root.message}</ErrorBox> : null}
        {status && (status.ticketCount ?? 0) > 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">Un nouveau nom s’applique aux {status.ticketCount} ticket(s) qui l’utilisent, sans prévenir les clients.</p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Nom" maxLength={50} error={errors.name?.message} {...form.register('name')} />
          <div>
            <Field label="Couleur (#rrggbb)" maxLength={7} error={errors.color?.message} {...form.register('color')} />
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input
                type="color"
                value={validColour.toLowerCase()}
                onChange={(event) => form.setValue('color', event.target.value, { shouldDirty: true, shouldValidate: false })}
                className="h-11 w-16 cursor-pointer rounded border border-slate-400 bg-transparent"
              />
              Choisir dans la palette
            </label>
          </div>
          <SelectField label="Type" error={errors.type?.message} {...form.register('type')}>
            {statusTypes.map((type) => (
              <option key={type} value={type}>
                {statusTypeLabel(type)} ({type})
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Enregistrement…' : status ? 'Enregistrer' : 'Créer le statut'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        </div>
      </form>
    </Panel>
  );
}
