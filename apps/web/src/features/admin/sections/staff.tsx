import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDate } from '@erepare/shared/format';
import {
  staffAddBodySchema,
  staffChangeResponseSchema,
  staffListResponseSchema,
  type StaffAddBody,
  type StaffMember,
} from '@erepare/shared/schemas/admin-core';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBox, Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { twoFactorMessageResponseSchema } from '@erepare/shared/schemas/two-factor';
import { toastSuccess } from '../../../lib/toast';
import { adminKey } from '../components/use-admin-list';

const staffKey = adminKey('staff');
const panel = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-ink-900';
const cell = 'border-b border-slate-100 px-3 py-2 align-top dark:border-slate-800';

function AddStaffForm() {
  const queryClient = useQueryClient();
  const form = useForm<StaffAddBody>({ resolver: zodResolver(staffAddBodySchema), defaultValues: { email: '' } });
  const add = useMutation({
    mutationFn: (body: StaffAddBody) => apiRequest('/api/admin/staff', { method: 'POST', body, schema: staffChangeResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message);
      form.reset({ email: '' });
      void queryClient.invalidateQueries({ queryKey: staffKey });
      void queryClient.invalidateQueries({ queryKey: adminKey('audit') });
    },
  });
  return (
    <form noValidate aria-labelledby="staff-add-heading" className={`${panel} min-w-0 space-y-4`} onSubmit={form.handleSubmit((values) => add.mutate(values))}>
      <h2 id="staff-add-heading" className="text-lg font-semibold">
        Ajouter un administrateur
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        La personne doit d’abord créer son compte client et confirmer son adresse e-mail&nbsp;; elle aura alors accès à toute l’administration.
      </p>
      {add.error ? <ErrorBox>{add.error.message}</ErrorBox> : null}
      <Field label="Adresse e-mail du compte" type="email" autoComplete="off" error={form.formState.errors.email?.message} {...form.register('email')} />
      <Button type="submit" disabled={add.isPending}>
        <UserPlus aria-hidden="true" className="size-4" />
        {add.isPending ? 'Ajout…' : 'Ajouter'}
      </Button>
    </form>
  );
}

export function StaffSection() {
  const queryClient = useQueryClient();
  const session = useSession();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const staff = useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => apiRequest('/api/admin/staff', { schema: staffListResponseSchema, signal }),
  });
  const remove = useMutation({
    mutationFn: (member: StaffMember) => apiRequest(`/api/admin/staff/${member.id}`, { method: 'DELETE', schema: staffChangeResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message);
      void queryClient.invalidateQueries({ queryKey: staffKey });
      void queryClient.invalidateQueries({ queryKey: adminKey('audit') });
    },
  });

  // A colleague's lost phone (issue 23 §5): their second factor removed, their sessions closed.
  const reset = useMutation({
    mutationFn: (member: StaffMember) =>
      apiRequest(`/api/admin/users/${member.id}/two-factor/reset`, { method: 'POST', body: {}, schema: twoFactorMessageResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message);
      void queryClient.invalidateQueries({ queryKey: staffKey });
      void queryClient.invalidateQueries({ queryKey: adminKey('two-factor-team') });
      void queryClient.invalidateQueries({ queryKey: adminKey('audit') });
    },
  });

  let list: React.ReactNode;
  if (staff.isPending) list = <Spinner label="Chargement de l’équipe…" />;
  else if (staff.error)
    list = (
      <ErrorBox>
        {staff.error.message}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void staff.refetch()}>
          Réessayer
        </button>
      </ErrorBox>
    );
  else if (staff.data.data.length === 0) list = <p>Aucun administrateur.</p>;
  else
    list = (
      <div role="region" aria-labelledby="staff-caption" tabIndex={0} className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption id="staff-caption" className="sr-only">
            Administrateurs
          </caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>Nom</th>
              <th scope="col" className={cell}>E-mail</th>
              <th scope="col" className={cell}>Compte créé le</th>
              <th scope="col" className={cell}>Double authentification</th>
              <th scope="col" className={cell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.data.data.map((member) => {
              const self = member.email === session.data?.email;
              const name = `${member.firstName} ${member.lastName}`.trim() || '—';
              return (
                <tr key={member.id}>
                  <th scope="row" className={`${cell} font-medium`}>
                    {name}
                    {self ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-ink-800">vous</span> : null}
                    {member.disabled ? <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-900 dark:bg-red-950 dark:text-red-200">désactivé</span> : null}
                  </th>
                  <td className={`${cell} break-all`}>{member.email}</td>
                  <td className={cell}>{formatDate(member.createdAt)}</td>
                  <td className={cell}>{member.twoFactor === undefined ? '—' : member.twoFactor ? 'Active' : 'Inactive'}</td>
                  <td className={`${cell} text-right`}>
                    <div className="flex flex-wrap justify-end gap-2">
                      {member.twoFactor && !self ? (
                        <Button
                          variant="secondary"
                          disabled={reset.isPending}
                          onClick={() => setResetting(member)}
                          aria-label={`Réinitialiser la double authentification de ${member.email}`}
                        >
                          <KeyRound aria-hidden="true" className="size-4" />
                          Réinitialiser la 2FA
                        </Button>
                      ) : null}
                      <Button variant="secondary" disabled={remove.isPending} onClick={() => setRemoving(member)} aria-label={`Retirer les droits de ${member.email}`}>
                        <UserMinus aria-hidden="true" className="size-4" />
                        Retirer
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="staff-list-heading" className={`${panel} min-w-0 space-y-3`}>
        <h2 id="staff-list-heading" className="text-lg font-semibold">
          Administrateurs
        </h2>
        {remove.error ? <ErrorBox>{remove.error.message}</ErrorBox> : null}
        {reset.error ? <ErrorBox>{reset.error.message}</ErrorBox> : null}
        {list}
      </section>
      <AddStaffForm />
      {removing ? (
        <ConfirmDialog
          title="Retirer les droits d’administrateur&nbsp;?"
          confirmLabel="Retirer les droits"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            remove.mutate(removing);
            setRemoving(null);
          }}
        >
          {removing.email} redeviendra un simple client et n’aura plus accès à l’administration dès sa prochaine action. Son compte n’est pas supprimé.
        </ConfirmDialog>
      ) : null}
      {resetting ? (
        <ConfirmDialog
          title="Réinitialiser la double authentification&nbsp;?"
          confirmLabel="Réinitialiser"
          onCancel={() => setResetting(null)}
          onConfirm={() => {
            reset.mutate(resetting);
            setResetting(null);
          }}
        >
          À faire seulement après avoir vérifié que c’est bien {resetting.email} qui le demande (téléphone perdu, sans codes de secours). Ses sessions seront
          fermées&nbsp;; son mot de passe suffira pour se reconnecter, puis elle devra activer de nouveau la double authentification (aussitôt si elle est
          obligatoire pour l’équipe).
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
