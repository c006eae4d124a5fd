import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationMessages, TICKET_CHECK_INTERVAL_MS } from '@erepare/shared/notifications';
import type { TrackedTicket } from '@erepare/shared/schemas/notifications';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { checkTrackedTickets, fetchTrackedTickets, notificationKeys, trackTicket, untrackTicket } from '../api/notifications-api';
import { TOAST_ID } from './use-notifications';

/** Spec 1 §9: a forced check, fired on window by any part of the app (after a repair update, for instance). */
export const FORCE_TICKET_CHECK_EVENT = 'erepare:force-ticket-check';

export function useTrackedTickets() {
  return useQuery({
    queryKey: notificationKeys.tracked,
    queryFn: ({ signal }) => fetchTrackedTickets(signal),
    staleTime: 10_000,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}

/**
 * While the tab is open and tickets are tracked: the server looks at them every 30 s (only while
 * the page is visible) and at once on the forced-check event. A change brings a notification,
 * so the lists are refreshed then.
 */
export function useTicketChecks(active: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!active) return undefined;
    let running = false;
    const check = async (forced: boolean) => {
      if (running || (!forced && document.visibilityState === 'hidden')) return;
      running = true;
      try {
        const tickets = await checkTrackedTickets();
        client.setQueryData<TrackedTicket[]>(notificationKeys.tracked, tickets);
        await client.invalidateQueries({ queryKey: notificationKeys.lists });
      } catch {
        // A failed check is retried at the next tick; nothing to tell the user.
      } finally {
        running = false;
      }
    };
    const timer = window.setInterval(() => void check(false), TICKET_CHECK_INTERVAL_MS);
    const onForced = () => void check(true);
    window.addEventListener(FORCE_TICKET_CHECK_EVENT, onForced);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(FORCE_TICKET_CHECK_EVENT, onForced);
    };
  }, [active, client]);
}

type Snapshot = { previous: TrackedTicket[] | undefined };

/**
 * Add a ticket: it shows at once (optimistic) and goes if the server refuses it (not the user's,
 * unknown, already tracked) or fails; the server's message is kept for the field.
 */
export function useTrackTicket(onRefused: (message: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: trackTicket,
    onMutate: async (ticket: string): Promise<Snapshot> => {
      await client.cancelQueries({ queryKey: notificationKeys.tracked });
      const previous = client.getQueryData<TrackedTicket[]>(notificationKeys.tracked);
      const pending: TrackedTicket = { ticket_number: ticket, last_status: '', last_checked_at: null, created_at: new Date().toISOString() };
      client.setQueryData<TrackedTicket[]>(notificationKeys.tracked, [...(previous ?? []), pending]);
      return { previous };
    },
    onError: (error, ticket, context) => {
      client.setQueryData(notificationKeys.tracked, context?.previous);
      const message =
        error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : notificationMessages.ticketValidationError(ticket);
      onRefused(message);
      toastError(message, { id: TOAST_ID });
    },
    onSuccess: ({ ticket }, requested) => {
      client.setQueryData<TrackedTicket[]>(notificationKeys.tracked, (list) =>
        (list ?? []).map((entry) => (entry.ticket_number === requested ? ticket : entry)),
      );
      toastSuccess(notificationMessages.ticketAdded(ticket.ticket_number), { id: TOAST_ID });
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.tracked }),
  });
}

export function useUntrackTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: untrackTicket,
    onMutate: async (ticket: string): Promise<Snapshot> => {
      await client.cancelQueries({ queryKey: notificationKeys.tracked });
      const previous = client.getQueryData<TrackedTicket[]>(notificationKeys.tracked);
      client.setQueryData<TrackedTicket[]>(notificationKeys.tracked, (previous ?? []).filter((entry) => entry.ticket_number !== ticket));
      return { previous };
    },
    onError: (error, _ticket, context) => {
      client.setQueryData(notificationKeys.tracked, context?.previous);
      toastError(error instanceof ApiError && error.status !== 0 ? error.message : notificationMessages.manageError, { id: TOAST_ID });
    },
    onSuccess: (_answer, ticket) => toastSuccess(notificationMessages.ticketRemoved(ticket), { id: TOAST_ID }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.tracked }),
  });
}
