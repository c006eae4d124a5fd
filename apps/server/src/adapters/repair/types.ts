import type { StatusDefinition } from '@erepare/shared/tickets';

/**
 * The repair-management backend (spec 1 §1, §7): our own tables by default, RepairDesk when
 * configured. Both implementations return these records; the repair service decides what a
 * caller may see (public fields only unless the caller owns the ticket).
 */
export type DeviceRecord = {
  category: string;
  brand: string;
  name: string;
  model: string;
  fault: string;
  status: string;
  imei: string;
  serial: string;
  priceCents: number;
  repairItems: string[];
};

export type TicketEventRecord = { fromStatus: string | null; toStatus: string; createdAt: Date };

export type TicketRecord = {
  id: number;
  ticketNumber: string;
  status: string;
  customerId: number;
  description: string;
  totalCents: number;
  createdAt: Date;
  updatedAt: Date;
  devices: DeviceRecord[];
};

export type TicketListFilter = {
  /** Matched against public fields only: ticket number, device name, brand, model, fault. */
  keyword?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  offset: number;
  limit: number;
};

export type RepairBackend = {
  kind: 'local' | 'repairdesk';
  listTickets: (filter: TicketListFilter) => Promise<{ items: TicketRecord[]; total: number }>;
  /** By numeric id or by ticket number ("T-1234"). */
  getTicket: (key: { id: number } | { ticketNumber: string }) => Promise<TicketRecord | null>;
  ticketHistory: (ticketId: number) => Promise<TicketEventRecord[]>;
  listStatuses: () => Promise<StatusDefinition[]>;
};
