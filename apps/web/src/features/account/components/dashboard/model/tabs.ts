/** The dashboard's tabs (spec 1 §2), in the order they are shown; repairs is the default. */
export const dashboardTabs = [
  { id: 'repairs', label: 'Mes tickets' },
  { id: 'bookings', label: 'Mes rendez-vous' },
  { id: 'orders', label: 'Mes commandes' },
  { id: 'invoices', label: 'Mes factures' },
  { id: 'profile', label: 'Mon profil' },
  { id: 'notifications', label: 'Notifications' },
] as const;

export type DashboardTab = (typeof dashboardTabs)[number]['id'];

export const DEFAULT_TAB: DashboardTab = 'repairs';

/** The `?tab=` value, or the default for a missing or unknown one. */
export function parseTab(value: string | null): DashboardTab {
  const key = (value ?? '').trim().toLowerCase();
  return dashboardTabs.find((tab) => tab.id === key)?.id ?? DEFAULT_TAB;
}

/** The tab a key press moves to (arrows wrap around, Home and End go to the ends), or null. */
export function tabAfterKey(current: DashboardTab, key: string): DashboardTab | null {
  const index = dashboardTabs.findIndex((tab) => tab.id === current);
  const last = dashboardTabs.length - 1;
  let next: number;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      next = index === last ? 0 : index + 1;
      break;
    case 'ArrowLeft':
    case 'ArrowUp':
      next = index === 0 ? last : index - 1;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = last;
      break;
    default:
      return null;
  }
  return dashboardTabs[next]?.id ?? null;
}
