import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCustomerListResponseSchema,
  adminCustomerResponseSchema,
  adminInvoiceResponseSchema,
  adminStatusDeleteResponseSchema,
  adminStatusListResponseSchema,
  adminStatusResponseSchema,
  adminTicketResponseSchema,
  type CustomerCreate,
  type CustomerPatch,
  type InvoiceCreate,
  type InvoicePayment,
  type InvoiceRefund,
  type StatusPatch,
  type TicketCreate,
  type TicketPatch,
} from '@erepare/shared/schemas/admin-repair';
import { overviewResponseSchema } from '@erepare/shared/schemas/admin-core';
import { z } from '@erepare/shared/zod';
import { ApiError, apiRequest } from '../../../../lib/api-client';
import { toastSuccess } from '../../../../lib/toast';

/**
 * TanStack Query hooks of the repair sections (tickets, statuses, customers, invoices). Keys start
 * with ['admin', '<list key>'] like `useAdminList`'s, so invalidating the prefix refreshes the list
 * and the details at once. With the RepairDesk backend every endpoint answers 409 with the reason:
 * `isReadOnlyError` tells the views to show it as information and hide the write buttons.
 */
export const repairKeys = {
  tickets: ['admin', 'tickets'] as const,
  statuses: ['admin', 'statuses'] as const,
  customers: ['admin', 'customers'] as const,
  invoices: ['admin', 'invoices'] as const,
};

export function isReadOnlyError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && /RepairDesk/i.test(error.message);
}

/**
 * Null with the local repair desk; with RepairDesk, the overview's `repairNote` (why the repair
 * views are read-only): the sections then hide their write buttons and show it.
 */
export function useRepairReadOnly(): string | null {
  const overview = useQuery({
    queryKey: ['admin', 'overview', 'repair-backend'],
    queryFn: ({ signal }) => apiRequest('/api/admin/overview', { schema: overviewResponseSchema, signal }).then((response) => response.data.repairNote),
    staleTime: 10 * 60_000,
  });
  return overview.data ?? null;
}

const invalidateRepair = (client: ReturnType<typeof useQueryClient>) => {
  for (const key of Object.values(repairKeys)) void client.invalidateQueries({ queryKey: key });
};

// ───────────── Statuses ─────────────

export function useStatuses() {
  return useQuery({
    queryKey: [...repairKeys.statuses, 'all'],
    queryFn: ({ signal }) => apiRequest('/api/admin/statuses', { schema: adminStatusListResponseSchema, signal }).then((response) => response.data),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export function useSaveStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: StatusPatch }) =>
      apiRequest(id === null ? '/api/admin/statuses' : `/api/admin/statuses/${id}`, { method: id === null ? 'POST' : 'PATCH', body, schema: adminStatusResponseSchema }),
    onSuccess: (response) => {
      invalidateRepair(client);
      toastSuccess(response.message ?? 'Statut enregistré');
    },
  });
}

export function useDeleteStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/admin/statuses/${id}`, { method: 'DELETE', schema: adminStatusDeleteResponseSchema }),
    onSuccess: (response) => {
      invalidateRepair(client);
      toastSuccess(response.message ?? 'Statut supprimé');
    },
  });
}

// ───────────── Tickets ─────────────

export function useTicket(ticket: string) {
  return useQuery({
    queryKey: [...repairKeys.tickets, 'detail', ticket],
    queryFn: ({ signal }) => apiRequest(`/api/admin/tickets/${encodeURIComponent(ticket)}`, { schema: adminTicketResponseSchema, signal }).then((response) => response.data),
  });
}

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketCreate) => apiRequest('/api/admin/tickets', { method: 'POST', body, schema: adminTicketResponseSchema }),
    onSuccess: (response) => {
      invalidateRepair(client);
      toastSuccess(response.message ?? `Ticket ${response.data.ticketNumber} créé`);
    },
  });
}

export function useUpdateTicket(ticket: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketPatch) => apiRequest(`/api/admin/tickets/${encodeURIComponent(ticket)}`, { method: 'PATCH', body, schema: adminTicketResponseSchema }),
    onSuccess: (response) => {
      client.setQueryData([...repairKeys.tickets, 'detail', ticket], response.data);
      invalidateRepair(client);
      toastSuccess(response.message ?? 'Modifications enregistrées');
    },
  });
}

/** Answer of PATCH /api/admin/tickets/:ticket/status (routes.ts; not in the shared schemas). */
const statusChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ ticketNumber: z.string(), from: z.string(), to: z.string(), changed: z.boolean(), notified: z.number().int(), emailed: z.boolean().optional() }),
});

export function useChangeTicketStatus(ticket: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: string; notifyByEmail?: boolean }) =>
      apiRequest(`/api/admin/tickets/${encodeURIComponent(ticket)}/status`, { method: 'PATCH', body, schema: statusChangeResponseSchema }),
    onSuccess: (response) => {
      invalidateRepair(client);
      toastSuccess(response.message);
    },
  });
}

// ───────────── Customers ─────────────

export function useCustomerSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: [...repairKeys.customers, 'search', text],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/customers?${new URLSearchParams({ q: text, pageSize: '8' }).toString()}`, { schema: adminCustomerListResponseSchema, signal }).then((response) => response.data),
    enabled: text.length >= 2,
  });
}

export function useCustomer(id: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...repairKeys.customers, 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/api/admin/customers/${id}`, { schema: adminCustomerResponseSchema, signal }).then((response) => response.data),
  });
}

export function useSaveCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CustomerCreate | CustomerPatch }) =>
      apiRequest(id === null ? '/api/admin/customers' : `/api/admin/customers/${id}`, { method: id === null ? 'POST' : 'PATCH', body, schema: adminCustomerResponseSchema }),
    onSuccess: (response) => {
      client.setQueryData([...repairKeys.customers, 'detail', response.data.id], response.data);
      invalidateRepair(client);
      toastSuccess(response.message ?? 'Modifications enregistrées');
    },
  });
}

// ───────────── Invoices ─────────────

export function useInvoice(id: number) {
  return useQuery({
    queryKey: [...repairKeys.invoices, 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/api/admin/invoices/${id}`, { schema: adminInvoiceResponseSchema, signal }).then((response) => response.data),
  });
}

export function useCreateInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceCreate) => apiRequest('/api/admin/invoices', { method: 'POST', body, schema: adminInvoiceResponseSchema }),
    onSuccess: (response) => {
      invalidateRepair(client);
      toastSuccess(response.message ?? `Facture ${response.data.invoiceNumber} émise`);
    },
  });
}

export function useInvoiceAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'payment'; body: InvoicePayment } | { kind: 'refund'; body: InvoiceRefund }) =>
      apiRequest(`/api/admin/invoices/${id}/${action.kind === 'payment' ? 'payments' : 'refund'}`, { method: 'POST', body: action.body, schema: adminInvoiceResponseSchema }),
    onSuccess: (response) => {
      client.setQueryData([...repairKeys.invoices, 'detail', id], response.data);
      invalidateRepair(client);
      toastSuccess(response.message ?? 'Facture mise à jour');
    },
  });
}
