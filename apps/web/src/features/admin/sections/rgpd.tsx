import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Eraser } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  rgpdEraseBodySchema,
  rgpdEraseResponseSchema,
  rgpdExportQuerySchema,
  rgpdExportResponseSchema,
  type RgpdErasure,
  type RgpdEraseBody,
} from '@erepare/shared/schemas/admin-rgpd';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBox, Field } from '../../../components/ui/field';
import { apiRequest } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { adminKey } from '../components/use-admin-list';

const panel = 'min-w-0 space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-ink-900';

/** Saves JSON as a file the browser downloads (the export is never shown on screen). */
function downloadJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ExportForm() {
  const form = useForm<{ email: string }>({ resolver: zodResolver(rgpdExportQuerySchema), defaultValues: { email: '' } });
  const exported = useMutation({
    mutationFn: ({ email }: { email: string }) =>
      apiRequest(`/api/admin/rgpd/export?email=${encodeURIComponent(email)}`, { schema: rgpdExportResponseSchema }),
    onSuccess: (response) => {
      downloadJson(response.data, `donnees-personnelles-${new Date().toISOString().slice(0, 10)}.json`);
      toastSuccess('Fichier des données téléchargé\u00a0: transmettez-le à la personne par un moyen sûr.');
    },
  });
  return (
    <form noValidate aria-labelledby="rgpd-export-heading" className={panel} onSubmit={form.handleSubmit((values) => exported.mutate(values))}>
      <h2 id="rgpd-export-heading" className="text-lg font-semibold">
        Droit d’accès et de portabilité
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Tout ce que le site détient sous une adresse e-mail (compte, fiche client, tickets, factures, commandes, messages, demandes de devis), dans un
        fichier JSON. Vérifiez l’identité de la personne avant de le lui envoyer&nbsp;; réponse due sous un mois.
      </p>
      {exported.error ? <ErrorBox>{exported.error.message}</ErrorBox> : null}
      <Field label="Adresse e-mail de la personne" type="email" autoComplete="off" error={form.formState.errors.email?.message} {...form.register('email')} />
      <Button type="submit" disabled={exported.isPending}>
        <Download aria-hidden="true" className="size-4" />
        {exported.isPending ? 'Préparation…' : 'Télécharger ses données'}
      </Button>
    </form>
  );
}

function ErasureSummary({ result }: { result: RgpdErasure }) {
  const lines = [
    [result.accounts, 'compte supprimé', 'comptes supprimés'],
    [result.contactMessages, 'message supprimé', 'messages supprimés'],
    [result.quoteRequests, 'demande de devis supprimée', 'demandes de devis supprimées'],
    [result.ordersMinimised, 'commande sans adresse IP', 'commandes sans adresse IP'],
    [result.customersOptedOut, 'fiche client sans consentement marketing', 'fiches clients sans consentement marketing'],
    [result.estimates, 'devis non accepté supprimé', 'devis non acceptés supprimés'],
    [result.bookings, 'rendez-vous supprimé', 'rendez-vous supprimés'],
    [result.smsMessages, 'SMS supprimé', 'SMS supprimés'],
  ] as const;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      {lines.map(([count, one, many]) => (
        <li key={one}>
          {count} {count > 1 ? many : one}
        </li>
      ))}
    </ul>
  );
}

function EraseForm() {
  const queryClient = useQueryClient();
  const form = useForm<RgpdEraseBody>({ resolver: zodResolver(rgpdEraseBodySchema), defaultValues: { email: '', confirmEmail: '' } });
  const [pending, setPending] = useState<RgpdEraseBody | null>(null);
  const erase = useMutation({
    mutationFn: (body: RgpdEraseBody) => apiRequest('/api/admin/rgpd/erase', { method: 'POST', body, schema: rgpdEraseResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message);
      form.reset({ email: '', confirmEmail: '' });
      void queryClient.invalidateQueries({ queryKey: adminKey('audit') });
    },
  });
  return (
    <form noValidate aria-labelledby="rgpd-erase-heading" className={panel} onSubmit={form.handleSubmit((values) => setPending(values))}>
      <h2 id="rgpd-erase-heading" className="text-lg font-semibold">
        Droit à l’effacement
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Supprime le compte, les messages et demandes de devis, l’adresse IP enregistrée avec les commandes et le consentement marketing. Les factures, les
        commandes et la fiche client qu’elles citent sont conservées&nbsp;: obligation comptable de 10 ans.
      </p>
      {erase.error ? <ErrorBox>{erase.error.message}</ErrorBox> : null}
      {erase.data ? (
        <div role="status" className="rounded-xl bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <p className="mb-2 font-semibold">{erase.data.message}</p>
          <ErasureSummary result={erase.data.data} />
        </div>
      ) : null}
      <Field label="Adresse e-mail de la personne" type="email" autoComplete="off" error={form.formState.errors.email?.message} {...form.register('email')} />
      <Field
        label="Recopiez l’adresse pour confirmer"
        type="email"
        autoComplete="off"
        error={form.formState.errors.confirmEmail?.message}
        {...form.register('confirmEmail')}
      />
      <Button type="submit" variant="danger" disabled={erase.isPending}>
        <Eraser aria-hidden="true" className="size-4" />
        {erase.isPending ? 'Effacement…' : 'Effacer ses données'}
      </Button>
      {pending ? (
        <ConfirmDialog
          title="Effacer les données de cette personne&nbsp;?"
          confirmLabel="Effacer définitivement"
          onCancel={() => setPending(null)}
          onConfirm={() => {
            erase.mutate(pending);
            setPending(null);
          }}
        >
          <p>
            Les données de <strong>{pending.email}</strong> seront effacées. Cette action ne peut pas être annulée.
          </p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

/** RGPD requests made to the shop (e-mail, phone, counter): export and erasure by e-mail address. */
export function RgpdSection() {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ExportForm />
      <EraseForm />
    </div>
  );
}
