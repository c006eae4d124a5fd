import { AlertTriangle, CheckCircle2, Info, LogIn, Store, XCircle } from 'lucide-react';
import type { EmailCheck } from '../../hooks/auth-mutations';

type EmailCheckResultProps = {
  check: EmailCheck;
  prefilled: boolean;
  onPrefill: () => void;
  onLogin: () => void;
};

const tones = {
  green: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  orange: 'border-orange-300 bg-orange-50 text-orange-950 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-100',
  red: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  neutral: 'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-600 dark:bg-ink-800 dark:text-slate-100',
} as const;

const actionButton =
  'mt-3 inline-flex min-h-11 items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The outcome of the e-mail check (spec 1 §4): green for a new address, orange for a customer the
 * store already knows (with the offer to take their details), red for an address that already has
 * an account (submit stays disabled). A failed check is shown neutrally and counts as available.
 */
export function EmailCheckResult({ check, prefilled, onPrefill, onLogin }: EmailCheckResultProps) {
  if (check.degraded) {
    return (
      <div className={`flex gap-2 rounded-lg border px-3 py-2 text-sm ${tones.neutral}`} data-outcome="unavailable">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>
          <span className="font-semibold">{check.message}</span>&nbsp;: vous pouvez tout de même créer votre compte.
        </p>
      </div>
    );
  }

  if (check.action === 'create_new') {
    return (
      <div className={`flex gap-2 rounded-lg border px-3 py-2 text-sm font-medium ${tones.green}`} data-outcome="create_new">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>{check.message}</p>
      </div>
    );
  }

  if (check.action === 'login_existing') {
    return (
      <div className={`rounded-lg border px-3 py-2 text-sm ${tones.red}`} data-outcome="login_existing">
        <p className="flex gap-2 font-medium">
          <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {check.message}
        </p>
        <button type="button" className={`${actionButton} border-red-400 bg-white text-red-900 hover:bg-red-100 dark:border-red-700 dark:bg-red-900 dark:text-red-50 dark:hover:bg-red-800`} onClick={onLogin}>
          <LogIn aria-hidden="true" className="size-4" />
          Se connecter avec cette adresse
        </button>
      </div>
    );
  }

  const store = check.repairDeskData;
  return (
    <div className={`rounded-lg border px-3 py-2 text-sm ${tones.orange}`} data-outcome="create_with_repairdesk">
      <p className="flex gap-2 font-medium">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {check.message}
      </p>
      {store ? (
        <>
          <p className="mt-2">
            Fiche du magasin&nbsp;:{' '}
            <span className="font-semibold">
              {[store.first_name, store.last_name].filter(Boolean).join(' ') || 'client'}
              {store.city ? `, ${store.city}` : ''}
            </span>
          </p>
          {prefilled ? (
            <p className="mt-2 flex gap-2 font-medium">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Informations du magasin reprises&nbsp;: le téléphone devient facultatif.
            </p>
          ) : (
            <button
              type="button"
              className={`${actionButton} border-orange-400 bg-white text-orange-950 hover:bg-orange-100 dark:border-orange-400 dark:bg-orange-400 dark:text-ink-950 dark:hover:bg-orange-300`}
              onClick={onPrefill}
            >
              <Store aria-hidden="true" className="size-4" />
              Reprendre mes informations du magasin
            </button>
          )}
        </>
      ) : null}
    </div>
  );
}
