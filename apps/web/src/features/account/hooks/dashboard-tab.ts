import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parseTab, type DashboardTab } from '../components/dashboard/model/tabs';

export const TAB_PARAM = 'tab';
export const TICKET_PARAM = 'ticket';

/** The selected tab lives in the address (`?tab=`): a link preselects it, a reload keeps it. */
export function useDashboardTab(): [DashboardTab, (tab: DashboardTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get(TAB_PARAM));
  const select = useCallback(
    (next: DashboardTab) => {
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          updated.set(TAB_PARAM, next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [tab, select];
}

/** `?ticket=`: the ticket whose detail is open (a link from the public dashboard, or a click in the list). */
export function useTicketParam(): [string | null, (ticket: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const ticket = params.get(TICKET_PARAM);
  const set = useCallback(
    (next: string | null) => {
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next === null) updated.delete(TICKET_PARAM);
          else updated.set(TICKET_PARAM, next);
          return updated;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [ticket, set];
}
