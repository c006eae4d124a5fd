import { BadgeCheck, ExternalLink, Gift, LogOut, MailWarning, Send } from 'lucide-react';
import { formatEuros } from '@erepare/shared/format';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import { Button } from '../../../../components/ui/button';
import { ErrorBox, SuccessBox } from '../../../../components/ui/field';
import { ApiError } from '../../../../lib/api-client';
import { useStoreProfile } from '../../../../lib/store-profile';
import { useLogout } from '../../../../lib/session';
import { useAccountProfile, useResendVerification } from '../../hooks/dashboard-data';

/** Greeting, the "E.repare" badge for a linked customer, the loyalty balance, and logout. */
export function DashboardHeader({ user }: { user: SessionUser }) {
  const logout = useLogout();
  const storeProfile = useStoreProfile();
  const profile = useAccountProfile();
  const linked = user.repairdesk_customer_id !== null;
  const balance = profile.data?.linked ? profile.data.loyalty_balance : null;
  const name = user.first_name.trim();

  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h2 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{name ? `Bonjour ${name}` : 'Bonjour'}</h2>
        <p className="mt-1 truncate text-slate-700 dark:text-slate-300">{user.email}</p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {linked ? (
            <span
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-300 bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800 dark:border-brand-700 dark:bg-ink-800 dark:text-brand-300"
              title="Votre compte est lié à votre fiche client du magasin"
            >
              <BadgeCheck aria-hidden="true" className="size-4" />
              E.repare
              <span className="sr-only">&nbsp;: compte lié à votre fiche client du magasin</span>
            </span>
          ) : null}
          {balance !== null ? (
            <span className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100">
              <Gift aria-hidden="true" className="size-4 text-brand-700 dark:text-brand-300" />
              Cagnotte fidélité&nbsp;: <span className="font-semibold tabular-nums">{formatEuros(balance)}</span>
            </span>
          ) : null}
          {linked && storeProfile.customerPortalUrl ? (
            <a
              href={storeProfile.customerPortalUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300"
            >
              Espace client du magasin
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only"> (nouvel onglet)</span>
            </a>
          ) : null}
        </div>
      </div>
      <Button variant="secondary" onClick={() => logout.mutate({})} disabled={logout.isPending} className="self-start">
        <LogOut aria-hidden="true" className="size-4" />
        {logout.isPending ? 'Déconnexion…' : 'Se déconnecter'}
      </Button>
    </header>
  );
}

/** The address is not verified yet: say what waits for it, and offer to send the link again. */
export function VerificationNotice({ user }: { user: SessionUser }) {
  const resend = useResendVerification();
  const failure = resend.isError
    ? resend.error instanceof ApiError && resend.error.status !== 0 && resend.error.message
      ? resend.error.message
      : 'Erreur de connexion. Veuillez réessayer.'
    : null;
  return (
    <section
      aria-labelledby="verification-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <h3 id="verification-heading" className="flex items-center gap-2 font-semibold">
        <MailWarning aria-hidden="true" className="size-5 shrink-0" />
        Confirmez votre adresse e-mail
      </h3>
      <p className="mt-1 text-sm">
        Nous avons envoyé un lien de confirmation à <strong>{user.email}</strong>. Tant que l’adresse n’est pas confirmée, vos tickets de
        réparation et vos factures du magasin ne peuvent pas être affichés&nbsp;: c’est elle qui prouve qu’ils sont les vôtres.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button variant="secondary" onClick={() => resend.mutate(user.email)} disabled={resend.isPending} className="self-start">
          <Send aria-hidden="true" className="size-4" />
          {resend.isPending ? 'Envoi en cours...' : 'Renvoyer l’e-mail de vérification'}
        </Button>
      </div>
      <div aria-live="polite" className="mt-3 empty:mt-0">
        {resend.isSuccess ? <SuccessBox>{resend.data}</SuccessBox> : null}
      </div>
      {failure ? (
        <div className="mt-3">
          <ErrorBox>{failure}</ErrorBox>
        </div>
      ) : null}
    </section>
  );
}
