import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Download, KeyRound, RefreshCw, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '@erepare/shared/format';
import {
  groupKey,
  recoveryCodesResponseSchema,
  staffTwoFactorResponseSchema,
  twoFactorCodeBodySchema,
  twoFactorDisableBodySchema,
  twoFactorMessageResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
  type TwoFactorCodeBody,
  type TwoFactorDisableBody,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@erepare/shared/schemas/two-factor';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBox, Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { adminKey } from './use-admin-list';

/** The authenticator code's input, the same in every form of the panel. */
const CODE_FIELD = {
  label: 'Code à 6 chiffres de votre application d’authentification',
  autoComplete: 'one-time-code',
  inputMode: 'numeric',
  pattern: '[0-9 ]*',
  maxLength: 9,
} as const;

/**
 * « Sécurité du compte » (issue 23 §5): one's own second factor (status, enrolment with a QR code
 * drawn by the server and the key typed by hand, the recovery codes shown once, new codes, turning
 * it off) and, for the team, the rule that makes it mandatory.
 */

/** GET /api/auth/two-factor (this account). */
export const ownTwoFactorKey = adminKey('two-factor-own');
/** GET /api/admin/two-factor (the team). */
export const teamTwoFactorKey = adminKey('two-factor-team');

export function useOwnTwoFactor() {
  return useQuery({
    queryKey: ownTwoFactorKey,
    queryFn: ({ signal }) => apiRequest('/api/auth/two-factor', { schema: twoFactorStatusResponseSchema, signal }),
  });
}

/** Copies a text; says « Copié » for 2 s (announced politely). */
function CopyTextButton({ text, label, srLabel }: { text: string; label: string; srLabel: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toastError('Le navigateur a refusé la copie\u00a0: sélectionnez le texte et copiez-le vous-même.');
    }
  };
  return (
    <Button variant="secondary" onClick={() => void copy()}>
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      <span aria-live="polite">{copied ? 'Copié' : label}</span>
      <span className="sr-only"> {srLabel}</span>
    </Button>
  );
}

function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The recovery codes, shown once: copy, download as .txt, then « J’ai enregistré mes codes ». */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const text = [
    `Codes de secours de la double authentification – ${email}`,
    `Créés le ${formatDateTime(new Date().toISOString())}. Chaque code ne sert qu’une fois.`,
    '',
    ...codes,
    '',
  ].join('\n');
  return (
    <section aria-labelledby="recovery-codes-heading" className="space-y-4 rounded-xl border-2 border-amber-500 bg-amber-50 p-4 dark:border-amber-400 dark:bg-ink-950">
      <h3 id="recovery-codes-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        Vos codes de secours
      </h3>
      <p className="text-sm">
        Si vous perdez votre téléphone, chacun de ces codes remplace une fois le code de l’application. Gardez-les hors du téléphone (gestionnaire de mots
        de passe, papier rangé)&nbsp;: <strong>ils ne seront plus jamais affichés.</strong>
      </p>
      <ol className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base sm:grid-cols-2" aria-label="Codes de secours">
        {codes.map((code) => (
          <li key={code} className="tabular-nums">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <CopyTextButton text={codes.join('\n')} label="Copier" srLabel="les codes de secours" />
        <Button variant="secondary" onClick={() => downloadText(text, 'codes-de-secours.txt')}>
          <Download aria-hidden="true" className="size-4" />
          Télécharger (.txt)
        </Button>
        <Button onClick={onDone}>
          <Check aria-hidden="true" className="size-4" />
          J’ai enregistré mes codes
        </Button>
      </div>
    </section>
  );
}

/** The name the app shows for the account (the site's title). */
function issuerOf(uri: string): string {
  try {
    return new URL(uri).searchParams.get('issuer') ?? 'E.repare';
  } catch {
    return 'E.repare';
  }
}

/** Scan (or type) the key, then confirm with the app's first code. */
function Enrolment({ setup, replacing, onConfirmed, onCancel }: { setup: TwoFactorSetup; replacing: boolean; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const id = useId();
  const form = useForm<TwoFactorCodeBody>({ resolver: zodResolver(twoFactorCodeBodySchema), defaultValues: { code: '' } });
  const confirm = useMutation({
    mutationFn: (body: TwoFactorCodeBody) => apiRequest('/api/auth/two-factor/confirm', { method: 'POST', body, schema: recoveryCodesResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message);
      onConfirmed(response.data.recoveryCodes);
    },
    onError: () => form.setFocus('code', { shouldSelect: true }),
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const qrSrc = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h3 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        {replacing ? 'Nouvelle application d’authentification' : 'Activer la double authentification'}
      </h3>
      {replacing ? <p className="text-sm text-slate-700 dark:text-slate-300">L’application actuelle reste valable jusqu’à la confirmation ci-dessous.</p> : null}
      <ol className="list-decimal space-y-4 pl-5 text-sm">
        <li>
          Installez une application d’authentification sur votre téléphone (par exemple Aegis, FreeOTP, Google Authenticator, Microsoft Authenticator ou celle
          de votre gestionnaire de mots de passe).
        </li>
        <li className="space-y-3">
          <p>Dans l’application, ajoutez un compte et scannez ce QR code&nbsp;:</p>
          <img
            src={qrSrc}
            width={208}
            height={208}
            alt="QR code à scanner avec votre application d’authentification (la même clé est écrite en dessous)"
            className="rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-600"
          />
          <div>
            <p>Ou saisissez cette clé à la main (compte «&nbsp;{issuerOf(setup.uri)}&nbsp;», type «&nbsp;basée sur le temps&nbsp;»)&nbsp;:</p>
            <p className="mt-1 text-slate-700 dark:text-slate-300">Des lettres et les chiffres 2 à 7 seulement&nbsp;: pas de 0 ni de 1.</p>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <code className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-base tracking-wide break-words dark:bg-ink-800">
                {groupKey(setup.secret)}
              </code>
              <CopyTextButton text={setup.secret} label="Copier la clé" srLabel="de l’application d’authentification" />
            </div>
          </div>
        </li>
        <li>
          <form noValidate aria-label="Confirmer l’activation" className="space-y-3" onSubmit={form.handleSubmit((values) => confirm.mutate(values))}>
            <p>Saisissez le code affiché par l’application pour confirmer&nbsp;:</p>
            {confirm.error ? <ErrorBox>{confirm.error.message}</ErrorBox> : null}
            <Field
              {...CODE_FIELD}
              className="max-w-xs"
              error={form.formState.errors.code?.message}
              {...form.register('code')}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={confirm.isPending}>
                <ShieldCheck aria-hidden="true" className="size-4" />
                {confirm.isPending ? 'Vérification…' : 'Confirmer et activer'}
              </Button>
              <Button variant="ghost" onClick={onCancel}>
                Annuler
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </section>
  );
}

function RegenerateForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const form = useForm<TwoFactorCodeBody>({ resolver: zodResolver(twoFactorCodeBodySchema), defaultValues: { code: '' } });
  const regenerate = useMutation({
    mutationFn: (body: TwoFactorCodeBody) => apiRequest('/api/auth/two-factor/recovery-codes', { method: 'POST', body, schema: recoveryCodesResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message);
      form.reset({ code: '' });
      onCodes(response.data.recoveryCodes);
    },
  });
  return (
    <form noValidate aria-labelledby="regenerate-heading" className="space-y-3" onSubmit={form.handleSubmit((values) => regenerate.mutate(values))}>
      <h3 id="regenerate-heading" className="font-semibold">
        Nouveaux codes de secours
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">Les anciens codes cesseront de fonctionner.</p>
      {regenerate.error ? <ErrorBox>{regenerate.error.message}</ErrorBox> : null}
      <Field
        {...CODE_FIELD}
        className="max-w-xs"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" variant="secondary" disabled={regenerate.isPending}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {regenerate.isPending ? 'Création…' : 'Créer de nouveaux codes'}
      </Button>
    </form>
  );
}

function DisableForm({ required }: { required: boolean }) {
  const client = useQueryClient();
  const form = useForm<TwoFactorDisableBody>({ resolver: zodResolver(twoFactorDisableBodySchema), defaultValues: { password: '', code: '' } });
  const disable = useMutation({
    mutationFn: (body: TwoFactorDisableBody) => apiRequest('/api/auth/two-factor', { method: 'DELETE', body, schema: twoFactorMessageResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message);
      void client.invalidateQueries({ queryKey: ownTwoFactorKey });
      void client.invalidateQueries({ queryKey: teamTwoFactorKey });
    },
  });
  if (required) {
    return (
      <div className="space-y-1">
        <h3 className="font-semibold">Désactiver</h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Impossible tant que la double authentification est obligatoire pour l’équipe. Pour changer de téléphone, utilisez «&nbsp;Changer d’application&nbsp;».
        </p>
      </div>
    );
  }
  return (
    <form noValidate aria-labelledby="disable-heading" className="space-y-3" onSubmit={form.handleSubmit((values) => disable.mutate(values))}>
      <h3 id="disable-heading" className="font-semibold">
        Désactiver
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">Votre mot de passe suffira de nouveau pour ouvrir l’administration.</p>
      {disable.error ? <ErrorBox>{disable.error.message}</ErrorBox> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Mot de passe" type="password" autoComplete="current-password" error={form.formState.errors.password?.message} {...form.register('password')} />
        <Field
          label="Code de l’application ou code de secours"
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={20}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
      </div>
      <Button type="submit" variant="danger" disabled={disable.isPending}>
        <ShieldOff aria-hidden="true" className="size-4" />
        {disable.isPending ? 'Désactivation…' : 'Désactiver la double authentification'}
      </Button>
    </form>
  );
}

function StatusLine({ status }: { status: TwoFactorStatus }) {
  if (!status.enabled) {
    return (
      <p className="flex items-center gap-2 font-medium text-amber-900 dark:text-amber-200">
        <ShieldOff aria-hidden="true" className="size-5" />
        Inactive&nbsp;: votre mot de passe suffit pour ouvrir l’administration.
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-2 font-medium text-green-800 dark:text-green-300">
      <ShieldCheck aria-hidden="true" className="size-5" />
      Active{status.enabledAt ? ` depuis le ${formatDateTime(status.enabledAt)}` : ''} ·{' '}
      {status.recoveryCodesLeft} code{status.recoveryCodesLeft > 1 ? 's' : ''} de secours restant{status.recoveryCodesLeft > 1 ? 's' : ''}
    </p>
  );
}

/** One's own second factor. `email` names the account in the recovery codes file. */
export function TwoFactorPanel({ email }: { email: string }) {
  const client = useQueryClient();
  const status = useOwnTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useMutation({
    mutationFn: () => apiRequest('/api/auth/two-factor/setup', { method: 'POST', body: {}, schema: twoFactorSetupResponseSchema }),
    onSuccess: (response) => setSetup(response.data),
  });

  let body: React.ReactNode;
  if (status.isPending) body = <Spinner label="Chargement de la double authentification…" />;
  else if (status.error)
    body = (
      <ErrorBox>
        {status.error.message}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void status.refetch()}>
          Réessayer
        </button>
      </ErrorBox>
    );
  else if (codes)
    body = (
      <RecoveryCodes
        codes={codes}
        email={email}
        onDone={() => {
          setCodes(null);
          // Only now: the enrolment gate of the dashboard lifts with this answer (the codes would go with it).
          void client.invalidateQueries({ queryKey: ownTwoFactorKey });
          void client.invalidateQueries({ queryKey: teamTwoFactorKey });
          void client.invalidateQueries({ queryKey: adminKey('staff') });
        }}
      />
    );
  else if (setup)
    body = (
      <Enrolment
        setup={setup}
        replacing={status.data.data.enabled}
        onCancel={() => setSetup(null)}
        onConfirmed={(fresh) => {
          setSetup(null);
          setCodes(fresh);
        }}
      />
    );
  else {
    const data = status.data.data;
    body = (
      <div className="space-y-5">
        <StatusLine status={data} />
        {start.error ? <ErrorBox>{start.error.message}</ErrorBox> : null}
        {data.enabled ? (
          <>
            <div className="space-y-2">
              <h3 className="font-semibold">Changer d’application</h3>
              <p className="text-sm text-slate-700 dark:text-slate-300">Nouveau téléphone&nbsp;: enregistrez une nouvelle clé, l’ancienne cesse de fonctionner à la confirmation.</p>
              <Button variant="secondary" onClick={() => start.mutate()} disabled={start.isPending}>
                <Smartphone aria-hidden="true" className="size-4" />
                {start.isPending ? 'Préparation…' : 'Changer d’application'}
              </Button>
            </div>
            <hr className="border-slate-200 dark:border-slate-700" />
            <RegenerateForm onCodes={setCodes} />
            <hr className="border-slate-200 dark:border-slate-700" />
            <DisableForm required={data.required} />
          </>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Avec la double authentification, un mot de passe volé ne suffit plus&nbsp;: l’administration demande aussi le code à 6 chiffres affiché par une
              application de votre téléphone, qui change toutes les 30 secondes.
            </p>
            <Button onClick={() => start.mutate()} disabled={start.isPending}>
              <KeyRound aria-hidden="true" className="size-4" />
              {start.isPending ? 'Préparation…' : 'Activer la double authentification'}
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="two-factor-heading" className="space-y-4">
      <div>
        <h2 id="two-factor-heading" className="text-xl font-semibold">
          Double authentification
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Pour votre compte ({email})&nbsp;: mot de passe, puis code de l’application.</p>
      </div>
      {body}
    </section>
  );
}

/** The team: how many admins use it, and the rule « obligatoire pour l’équipe ». */
export function TeamTwoFactorPanel() {
  const client = useQueryClient();
  const id = useId();
  const own = useOwnTwoFactor();
  const team = useQuery({ queryKey: teamTwoFactorKey, queryFn: ({ signal }) => apiRequest('/api/admin/two-factor', { schema: staffTwoFactorResponseSchema, signal }) });
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (required: boolean) => apiRequest('/api/admin/two-factor/policy', { method: 'PUT', body: { required }, schema: staffTwoFactorResponseSchema }),
    onSuccess: (response) => {
      if (response.message) toastSuccess(response.message);
      client.setQueryData(teamTwoFactorKey, response);
      void client.invalidateQueries({ queryKey: ownTwoFactorKey });
      void client.invalidateQueries({ queryKey: adminKey('go-live') });
    },
  });

  let body: React.ReactNode;
  if (team.isPending) body = <Spinner label="Chargement…" />;
  else if (team.error) body = <ErrorBox>{team.error.message}</ErrorBox>;
  else {
    const { admins, adminsWithTotp, required } = team.data.data;
    const ownEnabled = own.data?.data.enabled ?? false;
    body = (
      <div className="space-y-4">
        <p>
          <strong>
            {adminsWithTotp} administrateur{adminsWithTotp > 1 ? 's' : ''} sur {admins}
          </strong>{' '}
          {adminsWithTotp > 1 ? 'utilisent' : 'utilise'} la double authentification.
        </p>
        {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
        <div className="flex gap-3 rounded-lg border border-slate-300 p-4 dark:border-slate-600">
          <input
            id={id}
            type="checkbox"
            role="switch"
            checked={required}
            disabled={save.isPending || (!required && !ownEnabled)}
            aria-describedby={`${id}-hint`}
            onChange={(event) => (event.target.checked ? setConfirming(true) : save.mutate(false))}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <div>
            <label htmlFor={id} className="block font-medium">
              Double authentification obligatoire pour l’équipe
            </label>
            <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
              {!required && !ownEnabled
                ? 'Activez d’abord la double authentification sur votre propre compte.'
                : 'Un administrateur sans double authentification ne pourra plus que l’activer en se connectant\u00a0; personne ne pourra la désactiver.'}
            </p>
          </div>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Téléphone perdu sans codes de secours&nbsp;: un autre administrateur réinitialise sa double authentification dans Équipe.
        </p>
      </div>
    );
  }

  return (
    <section aria-labelledby="team-two-factor-heading" className="space-y-4">
      <h2 id="team-two-factor-heading" className="text-xl font-semibold">
        Pour toute l’équipe
      </h2>
      {body}
      {confirming ? (
        <ConfirmDialog
          title="Rendre la double authentification obligatoire&nbsp;?"
          confirmLabel="Rendre obligatoire"
          tone="primary"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            save.mutate(true);
          }}
        >
          Les administrateurs qui ne l’ont pas encore activée devront le faire à leur prochaine action dans l’administration, avant toute autre chose.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
