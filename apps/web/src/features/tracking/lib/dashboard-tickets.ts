import { deviceCategories, statusKey, statusLabel, type StatusDefinition } from '@erepare/shared/tickets';
import { PUBLIC_TICKET_WINDOW_DAYS, type PublicTicket } from '@erepare/shared/schemas/repair';

/** Spec 3 §9: the dashboard shows the tickets of the last 14 days, 100 at most, refreshed every 5 minutes. */
export const DASHBOARD_PERIOD_DAYS = PUBLIC_TICKET_WINDOW_DAYS;
export const DASHBOARD_PAGE_SIZE = 100;
export const DASHBOARD_REFRESH_MS = 5 * 60_000;
/** Spec 3 §9: under this width the table becomes a list of cards. */
export const MOBILE_MAX_WIDTH = 768;

/** The exact texts of spec 3 §2 and §8. */
export const dashboardMessages = {
  loading: 'Chargement des tickets…',
  httpError: 'Erreur : veuillez réessayer ultérieurement',
  noTickets: 'Aucun ticket trouvé dans RepairDesk pour les 14 derniers jours.',
  noMatch: 'Aucun ticket trouvé avec ces critères',
  nothingToShow: 'Aucun ticket à afficher',
} as const;

export type DashboardDevice = { name: string; brand: string; model: string; category: string; problem: string; status: string };

/** Spec 3 §3, "ticket as shown on the dashboard". */
export type DashboardTicket = {
  id: number;
  /** The ticket number, or T-{id} when the repair system gave none. */
  ticketNumber: string;
  /** What the Details link carries: the ticket number as given, or the id (spec 3 §2). */
  detailsKey: string;
  device: string;
  deviceCategory: string;
  brand: string;
  model: string;
  problem: string;
  status: string;
  createdDate: string;
  lastUpdate: string;
  customerName: string;
  priority: 'normal';
  devices: DashboardDevice[];
  deviceCount: number;
};

/**
 * The dashboard's view of a public ticket. The customer label is rebuilt from the id: even if a
 * name ever reached this page, it would not be shown (spec 3 §6, customers are anonymised).
 */
export function toDashboardTicket(ticket: PublicTicket): DashboardTicket {
  const number = ticket.ticket_number.trim();
  const devices = ticket.devices.map((device) => ({
    name: device.device_name,
    brand: device.device_brand,
    model: device.device_model,
    category: device.device_category,
    problem: device.device_fault,
    status: device.status,
  }));
  return {
    id: ticket.id,
    ticketNumber: number || `T-${ticket.id}`,
    detailsKey: number || String(ticket.id),
    device: ticket.device_name,
    deviceCategory: ticket.device_category,
    brand: ticket.device_brand,
    model: ticket.device_model,
    problem: ticket.device_fault,
    status: ticket.status,
    createdDate: ticket.created_at,
    lastUpdate: ticket.updated_at,
    // The server's anonymised label (per ticket: no id that would link one person's repairs);
    // anything else than that label (a name) is never shown.
    customerName: /^Client #\d+$/.test(ticket.customer_name) ? ticket.customer_name : `Client #${ticket.id}`,
    priority: 'normal',
    devices,
    deviceCount: Math.max(devices.length, 1),
  };
}

/** Spec 3 §2: each row's Details button goes to the account page with the ticket. */
export function detailsHref(ticket: Pick<DashboardTicket, 'detailsKey'>): string {
  return `/compte?ticket=${encodeURIComponent(ticket.detailsKey)}`;
}

/** The devices after the first one, as "+N appareils" (spec 3 §2). */
export function extraDevicesLabel(deviceCount: number): string | null {
  const extra = deviceCount - 1;
  if (extra < 1) return null;
  return `+${extra} appareil${extra > 1 ? 's' : ''}`;
}

/** Lower case without accents: "ecran" finds "Écran", "CLIENT #12" finds "Client #12". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('fr-FR');
}

export type DashboardFilters = { search: string; status: string; category: string };
export const noFilters: DashboardFilters = { search: '', status: '', category: '' };

export function hasActiveFilters(filters: DashboardFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== '' || filters.category !== '';
}

/** Two statuses that read the same in French are one choice for the visitor ("Completed", "Finished"). */
function sameStatus(a: string, b: string): boolean {
  return statusKey(statusLabel(a)) === statusKey(statusLabel(b));
}

/**
 * Spec 3 §5: the search matches the customer label, the model, the device and the problem text,
 * case-insensitively (and here accent-insensitively, and the ticket number too); every word typed
 * must be found. The status and category filters narrow the list further. A ticket with several
 * devices matches a category when one of its devices belongs to it.
 */
export function filterTickets(tickets: readonly DashboardTicket[], filters: DashboardFilters): DashboardTicket[] {
  const words = foldText(filters.search).split(/\s+/).filter(Boolean);
  return tickets.filter((ticket) => {
    if (filters.status !== '' && !sameStatus(ticket.status, filters.status)) return false;
    if (filters.category !== '' && ![ticket.deviceCategory, ...ticket.devices.map((d) => d.category)].includes(filters.category)) {
      return false;
    }
    if (words.length === 0) return true;
    const haystack = foldText(
      [
        ticket.customerName,
        ticket.ticketNumber,
        ticket.device,
        ticket.brand,
        ticket.model,
        ticket.problem,
        ...ticket.devices.flatMap((device) => [device.name, device.brand, device.model, device.problem]),
      ].join('\n'),
    );
    return words.every((word) => haystack.includes(word));
  });
}

export type StatusOption = { value: string; label: string };

/**
 * The status filter's choices: the repair system's statuses (or the default list), then any
 * status seen on a ticket but missing from that list, so that every ticket can be filtered on.
 * Statuses with the same French label are offered once.
 */
export function statusOptions(statuses: readonly StatusDefinition[], tickets: readonly DashboardTicket[] = []): StatusOption[] {
  const options: StatusOption[] = [];
  for (const name of [...statuses.map((status) => status.name), ...tickets.map((ticket) => ticket.status)]) {
    if (name.trim() === '' || options.some((option) => sameStatus(option.value, name))) continue;
    options.push({ value: name, label: statusLabel(name) });
  }
  return options;
}

export const categoryOptions: readonly string[] = deviceCategories;

export type DashboardState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'loaded'; tickets: readonly DashboardTicket[] };

/** What the list area says when no row is shown (spec 3 §2 and §8); null when rows are shown. */
export function emptyListMessage(state: DashboardState, shown: number, filters: DashboardFilters): string | null {
  if (state.kind === 'loading') return dashboardMessages.loading;
  if (state.kind === 'error') return dashboardMessages.nothingToShow;
  if (shown > 0) return null;
  if (state.tickets.length === 0) return dashboardMessages.noTickets;
  if (hasActiveFilters(filters)) return dashboardMessages.noMatch;
  return dashboardMessages.nothingToShow;
}

/** Spec 3 §7: from_date and to_date in unix seconds covering the last 14 days. */
export function dashboardPeriod(now: number = Date.now()): { from: Date; to: Date; fromDate: number; toDate: number } {
  // Rounded up to the minute: every dashboard opened in the same minute asks the same question,
  // which the server's 15 s cache of the public list can then answer once.
  const toDate = Math.ceil(now / 60_000) * 60;
  const fromDate = toDate - DASHBOARD_PERIOD_DAYS * 86_400;
  return { from: new Date(fromDate * 1000), to: new Date(toDate * 1000), fromDate, toDate };
}

export function ticketListUrl(now: number = Date.now()): string {
  const { fromDate, toDate } = dashboardPeriod(now);
  const query = new URLSearchParams({
    page: '0',
    pagesize: String(DASHBOARD_PAGE_SIZE),
    from_date: String(fromDate),
    to_date: String(toDate),
  });
  return `/api/repairdesk/tickets?${query.toString()}`;
}

/** "3 tickets affichés sur 66", announced to screen readers as filters change. */
export function countLabel(shown: number, total: number): string {
  const noun = shown > 1 ? 'tickets affichés' : 'ticket affiché';
  return shown === total ? `${shown} ${noun}` : `${shown} ${noun} sur ${total}`;
}
