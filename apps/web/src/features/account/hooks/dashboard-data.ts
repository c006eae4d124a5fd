import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '@erepare/shared/schemas/account';
import type { Invoice, InvoiceStatusValue } from '@erepare/shared/schemas/repair';
import { ApiError } from '../../../lib/api-client';
import {
  deleteAccount,
  fetchCustomerTickets,
  fetchInvoice,
  fetchInvoices,
  fetchOrders,
  fetchProfile,
  fetchTicketDetail,
  linkStoreAccount,
  refreshFromStore,
  resendVerification,
  saveProfile,
  syncToStore,
} from '../api/dashboard-api';
import { INVOICE_TIMEOUT_MS } from '../components/dashboard/model/invoices';

/** The session's query key (lib/session.ts): refreshed when the profile or the link changes the user. */
const SESSION_QUERY_KEY = ['session'] as const;
const PROFILE_KEY = ['account', 'profile'] as const;

/** A client error (4xx) will not be fixed by asking again; a lost connection may. */
const retryServerErrors = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function useAccountProfile() {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => fetchProfile(signal), staleTime: 60_000, retry: retryServerErrors });
}

function useProfileMutation<TInput, TResult extends { profile: Profile }>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      queryClient.setQueryData(PROFILE_KEY, result.profile);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

export function useSaveProfile() {
  return useProfileMutation((body: ProfileUpdate) => saveProfile(body));
}

export function useSyncToStore() {
  return useProfileMutation(() => syncToStore());
}

export function useRefreshFromStore() {
  return useProfileMutation(() => refreshFromStore());
}

export function useResendVerification() {
  return useMutation({ mutationFn: (email: string) => resendVerification(email) });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (password: string) => deleteAccount(password) });
}

/** Linking changes the user's customer id: the session, the profile and the lists are read again. */
export function useLinkStoreAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkStoreAccount,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}

export function useAccountTickets(customerId: number | null) {
  return useQuery({
    queryKey: ['account', 'tickets', customerId],
    queryFn: ({ signal }) => fetchCustomerTickets(customerId ?? 0, signal),
    enabled: customerId !== null,
    staleTime: 60_000,
    retry: retryServerErrors,
  });
}

export function useTicketDetail(key: string | null) {
  return useQuery({
    queryKey: ['account', 'ticket', key],
    queryFn: ({ signal }) => fetchTicketDetail(key ?? '', signal),
    enabled: key !== null,
    staleTime: 60_000,
    retry: retryServerErrors,
  });
}

export function useInvoices(status: InvoiceStatusValue | '', enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'invoices', status],
    queryFn: ({ signal }) => fetchInvoices(status, signal, INVOICE_TIMEOUT_MS),
    enabled,
    staleTime: 60_000,
    // The retry button is the user's: no silent retry behind a 10 s timeout.
    retry: false,
  });
}

export function useInvoice(id: number | null, initial: Invoice | undefined) {
  return useQuery({
    queryKey: ['account', 'invoice', id],
    queryFn: ({ signal }) => fetchInvoice(id ?? 0, signal, INVOICE_TIMEOUT_MS),
    enabled: id !== null,
    ...(initial ? { placeholderData: initial } : {}),
    staleTime: 60_000,
    retry: false,
  });
}

export function useOrders(status: string) {
  return useQuery({
    queryKey: ['account', 'orders', status],
    queryFn: ({ signal }) => fetchOrders({ status }, signal),
    staleTime: 60_000,
    retry: false,
  });
}
