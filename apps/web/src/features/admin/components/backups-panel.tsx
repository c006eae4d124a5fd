import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DatabaseBackup } from 'lucide-react';
import { backupCreateResponseSchema, backupStatusResponseSchema, type BackupStatus } from '@erepare/shared/schemas/admin-backups';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { goLiveKey } from './go-live-checklist';
import { adminKey } from './use-admin-list';

const backupsKey = adminKey('backups');

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });
const when = (iso: string) => dateTime.format(new Date(iso));

/** "655 Ko", "1,2 Mo". */
function size(bytes: number): string {
  if (bytes === 0) return `0\u00a0Ko`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))}\u00a0Ko`;
  return `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0Mo`;
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
      <dt className="font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Status({ status }: { status: BackupStatus }) {
  return (
    <dl className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
      <Row term="Sauvegarde automatique">
        {status.automatic ? `Chaque nuit vers 3 h, gardée ${status.keepDays} jours, puis vérifiée par une restauration d’essai.` : 'Désactivée (BACKUP_AUTO=false).'}
      </Row>
      <Row term="Dossier">
        <code className="break-all">{status.directory}</code> · {status.count} fichier{status.count > 1 ? 's' : ''}, {size(status.totalBytes)}
      </Row>
      <Row term="Dernière sauvegarde">
        {status.last
          ? `${when(status.last.at)} (${status.last.kind === 'auto' ? 'automatique' : 'manuelle'})\u00a0: ${status.last.file}, ${size(status.last.bytes)}, ${status.last.rows.toLocaleString('fr-FR')} lignes, en ${(status.last.ms / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} s`
          : 'Aucune pour l’instant.'}
      </Row>
      <Row term="Restauration vérifiée">
        {status.lastCheck ? (
          <span className={status.lastCheck.ok ? '' : 'font-semibold text-red-800 dark:text-red-300'}>
            {status.lastCheck.ok ? 'Réussie' : 'Échec'} le {when(status.lastCheck.at)} ({status.lastCheck.file})&nbsp;: {status.lastCheck.detail}
          </span>
        ) : (
          'Pas encore\u00a0: la sauvegarde de la nuit en fait une, ou npm run restore -- --check FICHIER.'
        )}
      </Row>
      {status.lastError ? (
        <Row term="Dernier échec">
          <span className="font-semibold text-red-800 dark:text-red-300">
            {when(status.lastError.at)}&nbsp;: {status.lastError.message}
          </span>
        </Row>
      ) : null}
    </dl>
  );
}

/** Paramètres → Sauvegardes (issue 23 §3): where the backups go, the last one and its restore check, and « Sauvegarder maintenant ». */
export function BackupsPanel() {
  const client = useQueryClient();
  const status = useQuery({ queryKey: backupsKey, queryFn: ({ signal }) => apiRequest('/api/admin/backups', { schema: backupStatusResponseSchema, signal }) });
  const create = useMutation({
    mutationFn: () => apiRequest('/api/admin/backups', { method: 'POST', body: {}, schema: backupCreateResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message);
      void client.invalidateQueries({ queryKey: backupsKey });
      void client.invalidateQueries({ queryKey: goLiveKey });
    },
  });
  return (
    <section id="sauvegardes" aria-labelledby="backups-heading" className="space-y-4">
      <div>
        <h2 id="backups-heading" className="text-xl font-semibold">
          Sauvegardes
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Toute la base (commandes, clients, réparations, réglages) dans un fichier compressé, restaurable avec npm run restore.
        </p>
      </div>
      {status.isPending ? <Spinner label="Chargement des sauvegardes…" /> : null}
      {status.error ? (
        <ErrorBox>
          {status.error.message}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void status.refetch()}>
            Réessayer
          </button>
        </ErrorBox>
      ) : null}
      {status.data ? <Status status={status.data.data} /> : null}
      {create.error ? <ErrorBox>{create.error.message}</ErrorBox> : null}
      <Button type="button" variant="secondary" onClick={() => create.mutate()} disabled={create.isPending} aria-busy={create.isPending}>
        <DatabaseBackup aria-hidden="true" className="size-4" />
        {create.isPending ? 'Sauvegarde en cours…' : 'Sauvegarder maintenant'}
      </Button>
    </section>
  );
}
