import { ShieldAlert } from 'lucide-react';
import { useSession } from '../../../lib/session';
import { TeamTwoFactorPanel, TwoFactorPanel } from '../components/two-factor-panel';

const card = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-ink-900';

/** Administration → Sécurité du compte: one's own second factor, and the team's rule. */
export function SecuritySection() {
  const session = useSession();
  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className={card}>
        <TwoFactorPanel email={session.data?.email ?? ''} />
      </div>
      <div className={card}>
        <TeamTwoFactorPanel />
      </div>
    </div>
  );
}

/**
 * What a staff session without a second factor sees while the team rule requires one (issue 23
 * §5): the enrolment, nothing else (every other staff route answers 403 until it is done).
 */
export function EnrolmentOnlySection() {
  const session = useSession();
  return (
    <div className="max-w-3xl space-y-6">
      <div role="status" className="flex gap-3 rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-600 dark:bg-ink-950 dark:text-amber-100">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
        <p>
          La double authentification est obligatoire pour l’équipe. Activez-la pour votre compte&nbsp;: l’administration s’ouvrira dès que vous aurez enregistré vos
          codes de secours.
        </p>
      </div>
      <div className={card}>
        <TwoFactorPanel email={session.data?.email ?? ''} />
      </div>
    </div>
  );
}
