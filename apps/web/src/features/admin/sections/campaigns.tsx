import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Bell, Eye, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatDateTime } from '@erepare/shared/format';
import {
  campaignBodySchema,
  campaignKindLabels,
  campaignListResponseSchema,
  campaignPreviewResponseSchema,
  campaignSendResponseSchema,
  type Campaign,
  type CampaignBody,
} from '@erepare/shared/schemas/admin-core';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBox, Field } from '../../../components/ui/field';
import { apiRequest } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { DataTable } from '../components/data-table';
import { adminKey, useAdminList } from '../components/use-admin-list';

type FormValues = { kind: 'promo' | 'flash'; title: string; body: string; code: string; url: string };
type Preview = { recipients: number; notification: { type: 'promo' | 'flash'; title: string; body: string; url: string; promoCode: string | null } };

const panel = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-ink-900';
const control =
  'block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100';

/** What the API gets: empty code and link left out (no code; the link defaults to /boutique). */
function toBody(values: FormValues): CampaignBody {
  return {
    kind: values.kind,
    title: values.title.trim(),
    body: values.body.trim(),
    ...(values.code.trim() ? { code: values.code.trim().toUpperCase() } : {}),
    ...(values.url.trim() ? { url: values.url.trim() } : {}),
  };
}

const plural = (count: number) => `${count} client${count > 1 ? 's' : ''}`;

function NotificationPreview({ preview }: { preview: Preview }) {
  const { notification } = preview;
  return (
    <div className="space-y-3">
      <p role="status" className="font-semibold">
        {preview.recipients === 0 ? 'Aucun client ne recevra cette notification.' : `${plural(preview.recipients)} recevront cette notification.`}
      </p>
      <div className="flex gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-ink-800">
        <Bell aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
        <div className="min-w-0 space-y-1">
          <p className="text-xs font-semibold text-slate-700 uppercase dark:text-slate-300">{campaignKindLabels[notification.type]}</p>
          <p className="font-semibold break-words">{notification.title}</p>
          <p className="text-sm break-words whitespace-pre-wrap">{notification.body}</p>
          {notification.promoCode ? (
            <p className="text-sm">
              Code&nbsp;: <strong className="font-mono">{notification.promoCode}</strong>
            </p>
          ) : null}
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Lien&nbsp;: <span className="font-mono">{notification.url}</span>
          </p>
        </div>
      </div>
    </div>
  );
}

function CampaignForm() {
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    resolver: zodResolver(campaignBodySchema) as never,
    defaultValues: { kind: 'promo', title: '', body: '', code: '', url: '' },
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control });
  const [preview, setPreview] = useState<{ key: string; data: Preview } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const currentKey = JSON.stringify(toBody({ kind: values.kind ?? 'promo', title: values.title ?? '', body: values.body ?? '', code: values.code ?? '', url: values.url ?? '' }));
  // A preview stands for the exact content it was made from: any change asks for a new one.
  const upToDate = preview !== null && preview.key === currentKey;

  const previewMutation = useMutation({
    mutationFn: (body: CampaignBody) => apiRequest('/api/admin/campaigns/preview', { method: 'POST', body, schema: campaignPreviewResponseSchema }),
    onSuccess: (response, body) => setPreview({ key: JSON.stringify(body), data: response.data }),
  });
  const send = useMutation({
    mutationFn: (body: CampaignBody & { confirmRecipients: number }) =>
      apiRequest('/api/admin/campaigns/send', { method: 'POST', body, schema: campaignSendResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message);
      setPreview(null);
      form.reset();
      void queryClient.invalidateQueries({ queryKey: adminKey('campaigns') });
      void queryClient.invalidateQueries({ queryKey: adminKey('audit') });
    },
  });
  const bodyLength = values.body?.length ?? 0;
  const serverError = previewMutation.error ?? send.error;

  return (
    <form
      noValidate
      aria-labelledby="campaign-form-heading"
      className={`${panel} space-y-4`}
      onSubmit={form.handleSubmit((formValues) => {
        send.reset();
        previewMutation.mutate(toBody(formValues));
      })}
    >
      <h2 id="campaign-form-heading" className="text-lg font-semibold">
        Nouvelle campagne
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Notification dans le compte et sur les appareils des clients qui ont accepté les offres par notification. Une même campagne ne part qu’une fois par jour.
      </p>
      {serverError ? <ErrorBox>{serverError.message}</ErrorBox> : null}
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Type</legend>
        <div className="flex flex-wrap gap-4">
          {(['promo', 'flash'] as const).map((kind) => (
            <label key={kind} className="flex min-h-11 items-center gap-2">
              <input type="radio" value={kind} className="size-5 accent-brand-700" {...form.register('kind')} />
              {campaignKindLabels[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="Titre" maxLength={100} error={errors.title?.message} {...form.register('title')} />
      <div>
        <label htmlFor="campaign-body" className="mb-1 block text-sm font-medium">
          Texte de la notification
        </label>
        <textarea
          id="campaign-body"
          rows={4}
          maxLength={500}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? 'campaign-body-count campaign-body-error' : 'campaign-body-count'}
          className={control}
          {...form.register('body')}
        />
        <p id="campaign-body-count" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {bodyLength} / 500 caractères
        </p>
        {errors.body ? (
          <p id="campaign-body-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {errors.body.message}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Code promo (facultatif)" hint="Un code publié et non expiré." maxLength={50} autoCapitalize="characters" error={errors.code?.message} {...form.register('code')} />
        <Field label="Lien (facultatif)" hint="Une page de ce site, par défaut /boutique." maxLength={300} placeholder="/boutique" error={errors.url?.message} {...form.register('url')} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="secondary" disabled={previewMutation.isPending}>
          <Eye aria-hidden="true" className="size-4" />
          {previewMutation.isPending ? 'Calcul…' : 'Aperçu'}
        </Button>
        <Button
          disabled={!upToDate || preview.data.recipients === 0 || send.isPending}
          onClick={() => setConfirming(true)}
          aria-describedby={!upToDate ? 'campaign-send-hint' : undefined}
        >
          <Send aria-hidden="true" className="size-4" />
          {send.isPending ? 'Envoi…' : upToDate ? `Envoyer à ${plural(preview.data.recipients)}` : 'Envoyer'}
        </Button>
      </div>
      {!upToDate ? (
        <p id="campaign-send-hint" className="text-sm text-slate-700 dark:text-slate-300">
          {preview ? 'Le contenu a changé\u00a0: refaites l’aperçu avant d’envoyer.' : 'Faites d’abord l’aperçu\u00a0: il montre la notification et le nombre de destinataires.'}
        </p>
      ) : null}
      {upToDate ? (
        <section aria-label="Aperçu de la notification">
          <NotificationPreview preview={preview.data} />
        </section>
      ) : null}
      {confirming && upToDate ? (
        <ConfirmDialog
          title={`Envoyer la campagne à ${plural(preview.data.recipients)}\u00a0?`}
          confirmLabel="Envoyer"
          tone="primary"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            send.mutate({ ...(JSON.parse(preview.key) as CampaignBody), confirmRecipients: preview.data.recipients });
          }}
        >
          «&nbsp;{preview.data.notification.title}&nbsp;» sera envoyée tout de suite. Une notification envoyée ne peut pas être retirée.
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

const column = createColumnHelper<Campaign>();

function CampaignList() {
  const list = useAdminList({ key: 'campaigns', path: '/api/admin/campaigns', schema: campaignListResponseSchema });
  const columns = useMemo(
    () => [
      column.accessor('createdAt', { header: 'Envoyée le', cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span> }),
      column.accessor('kind', { header: 'Type', cell: (info) => campaignKindLabels[info.getValue()] }),
      column.accessor('title', {
        header: 'Titre',
        cell: ({ row }) => (
          <span>
            <span className="font-medium">{row.original.title}</span>
            <span className="block max-w-md text-xs text-slate-700 dark:text-slate-300">{row.original.body}</span>
          </span>
        ),
        meta: { className: 'min-w-56' },
      }),
      column.accessor('code', { header: 'Code', cell: (info) => (info.getValue() ? <span className="font-mono">{info.getValue()}</span> : '—') }),
      column.accessor('recipients', { header: 'Destinataires', meta: { className: 'text-right', headerClassName: 'text-right' } }),
      column.accessor('pushesQueued', { header: 'Notifications push', meta: { className: 'text-right', headerClassName: 'text-right' } }),
      column.accessor('actorEmail', { header: 'Par', cell: (info) => <span className="break-all">{info.getValue()}</span> }),
    ],
    [],
  );
  return (
    <section aria-labelledby="campaign-list-heading" className="space-y-3">
      <h2 id="campaign-list-heading" className="text-lg font-semibold">
        Campagnes envoyées
      </h2>
      <DataTable
        caption="Campagnes envoyées (les plus récentes d’abord)"
        captionHidden
        columns={columns}
        {...list.tableProps}
        onSortChange={undefined}
        loadingLabel="Chargement des campagnes…"
        emptyMessage="Aucune campagne envoyée pour l’instant."
      />
    </section>
  );
}

export function CampaignsSection() {
  return (
    <div className="space-y-8">
      <div className="max-w-3xl">
        <CampaignForm />
      </div>
      <CampaignList />
    </div>
  );
}
