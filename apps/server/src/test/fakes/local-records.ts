import type { StatusDefinition } from '@erepare/shared/tickets';
import type {
  CustomerRecord,
  InventoryItemRecord,
  InvoiceRecord,
  NamedRecord,
  RepairBackend,
  TicketEventRecord,
  TicketRecord,
} from '../../adapters/repair/types.js';

export type RepairDataset = {
  customers: CustomerRecord[];
  tickets: TicketRecord[];
  history: Map<number, TicketEventRecord[]>;
  invoices: InvoiceRecord[];
  inventory: InventoryItemRecord[];
  statuses: StatusDefinition[];
  categories: NamedRecord[];
  brands: NamedRecord[];
};

const EVERYTHING = { offset: 0, limit: 100_000 };

/** Every record a backend holds (for filling the fake RepairDesk with the local demo data). */
export async function readAllRecords(backend: RepairBackend): Promise<RepairDataset> {
  const tickets = (await backend.listTickets(EVERYTHING)).items;
  const history = new Map<number, TicketEventRecord[]>();
  for (const ticket of tickets) history.set(ticket.id, await backend.ticketHistory(ticket.id));
  return {
    customers: (await backend.listCustomers(EVERYTHING)).items,
    tickets,
    history,
    invoices: (await backend.listInvoices(EVERYTHING)).items,
    inventory: (await backend.listInventory(EVERYTHING)).items,
    statuses: await backend.listStatuses(),
    categories: await backend.listInventoryCategories(),
    brands: await backend.listInventoryBrands(),
  };
}
