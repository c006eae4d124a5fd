import {
  dashboardStyleGroup,
  statusBadgeColour,
  statusLabel,
  type BadgeColour,
  type DashboardStyleGroup,
} from '@erepare/shared/tickets';

/** Light and dark pairs that keep at least 4.5:1 (WCAG AA) between text and background. */
const groupClasses: Record<DashboardStyleGroup, string> = {
  done: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
  failed: 'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-200',
  diagnostic: 'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-700 dark:bg-blue-950 dark:text-blue-200',
  'in-progress': 'border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-700 dark:bg-orange-950 dark:text-orange-200',
  'waiting-parts': 'border-cyan-300 bg-cyan-50 text-cyan-900 dark:border-cyan-700 dark:bg-cyan-950 dark:text-cyan-200',
  other: 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
};

const dotClasses: Record<DashboardStyleGroup, string> = {
  done: 'bg-emerald-600 dark:bg-emerald-400',
  failed: 'bg-red-600 dark:bg-red-400',
  diagnostic: 'bg-blue-600 dark:bg-blue-400',
  'in-progress': 'bg-orange-600 dark:bg-orange-400',
  'waiting-parts': 'bg-cyan-600 dark:bg-cyan-400',
  other: 'bg-slate-500 dark:bg-slate-400',
};

const colourClasses: Record<BadgeColour, string> = {
  green: groupClasses.done,
  red: groupClasses.failed,
  blue: groupClasses.diagnostic,
  orange: groupClasses['in-progress'],
  cyan: groupClasses['waiting-parts'],
  indigo: 'border-indigo-300 bg-indigo-50 text-indigo-900 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-200',
  grey: groupClasses.other,
};

const colourDots: Record<BadgeColour, string> = {
  green: dotClasses.done,
  red: dotClasses.failed,
  blue: dotClasses.diagnostic,
  orange: dotClasses['in-progress'],
  cyan: dotClasses['waiting-parts'],
  indigo: 'bg-indigo-600 dark:bg-indigo-400',
  grey: dotClasses.other,
};

const badgeBase = 'inline-flex max-w-full items-center gap-1.5 rounded-full border px-2.5 py-0.5 font-semibold text-balance';

/**
 * The dashboard's status (spec 3 §4), in the colour of its style group. The whole label, on two
 * lines if it must: the spec's cut at 15 characters left « En attente d… » for five statuses, and
 * its tooltip never shows on a phone (issue 22 §4.2). Finished repairs pulse a few times (not
 * forever: WCAG 2.2.2), and not at all for people who asked for reduced motion.
 */
export function DashboardStatusBadge({ status }: { status: string }) {
  const group = dashboardStyleGroup(status);
  return (
    <span className={`${badgeBase} text-xs ${groupClasses[group]}`} data-status-group={group}>
      <span aria-hidden="true" className="relative inline-flex size-2 shrink-0">
        {group === 'done' ? (
          <span className={`absolute inline-flex size-full rounded-full motion-safe:animate-[ping_1.2s_cubic-bezier(0,0,0.2,1)_4] ${dotClasses[group]}`} />
        ) : null}
        <span className={`relative inline-flex size-2 rounded-full ${dotClasses[group]}`} />
      </span>
      {statusLabel(status)}
    </span>
  );
}

/** The full French label with the account's badge colours (spec 1 §4), for one ticket's detail. */
export function StatusBadge({ status }: { status: string | null }) {
  const colour = statusBadgeColour(status);
  return (
    <span className={`${badgeBase} text-sm ${colourClasses[colour]}`}>
      <span aria-hidden="true" className={`inline-flex size-2 shrink-0 rounded-full ${colourDots[colour]}`} />
      {statusLabel(status)}
    </span>
  );
}
