import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultStatuses } from '@erepare/shared/tickets';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { jsonResponse, listEnvelope, publicTicket, ticketDetail } from '../test/fixtures';
import { fetchDashboardTickets, fetchStatuses, fetchTicket } from './tracking-api';

function stubFetch(...responses: (Response | Error)[]) {
  const mock = vi.fn((_url: string, _init?: RequestInit) => {
    const next = responses.shift();
    return next instanceof Error || next === undefined ? Promise.reject(next ?? new TypeError('Failed to fetch')) : Promise.resolve(next);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchStatuses', () => {
  it('returns the statuses of the API', async () => {
    stubFetch(jsonResponse({ success: true, data: [{ id: 1, name: 'En cours', color: '#3b82f6', type: 'Open' }], message: '', statusCode: 200, total: 1 }));
    await expect(fetchStatuses()).resolves.toEqual([{ id: 1, name: 'En cours', color: '#3b82f6', type: 'Open' }]);
  });

  it('falls back silently to the default list on an error or a network failure', async () => {
    stubFetch(jsonResponse({ success: false, message: 'Erreur' }, 500));
    await expect(fetchStatuses()).resolves.toEqual(defaultStatuses);
    stubFetch(new TypeError('Failed to fetch'));
    await expect(fetchStatuses()).resolves.toEqual(defaultStatuses);
  });
});

describe('fetchDashboardTickets', () => {
  it('asks the last 14 days and keeps the valid tickets only', async () => {
    const good = publicTicket({ id: 4 });
    const mock = stubFetch(jsonResponse(listEnvelope([good, { id: 'pas un ticket' }])));
    await expect(fetchDashboardTickets(undefined, Date.UTC(2026, 10, 21))).resolves.toEqual([good]);
    const [url, init] = mock.mock.calls[0] ?? [];
    expect(url).toMatch(/^\/api\/repairdesk\/tickets\?page=0&pagesize=100&from_date=\d+&to_date=\d+$/);
    expect((init?.headers as Record<string, string>).accept).toBe('application/json');
  });

  it('treats an answer without a list as no ticket (spec 3 §8, invalid data)', async () => {
    stubFetch(jsonResponse({ success: true, data: null }));
    await expect(fetchDashboardTickets()).resolves.toEqual([]);
  });

  it('raises HTTP and network errors', async () => {
    stubFetch(jsonResponse({ success: false, message: 'Erreur serveur' }, 502));
    await expect(fetchDashboardTickets()).rejects.toMatchObject({ status: 502 });
    stubFetch(new TypeError('Failed to fetch'));
    await expect(fetchDashboardTickets()).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });
});

describe('fetchTicket', () => {
  it('asks the ticket by its number and returns it with its history', async () => {
    const detail = ticketDetail();
    const mock = stubFetch(jsonResponse({ success: true, data: detail, message: 'Ticket récupéré', statusCode: 200 }));
    await expect(fetchTicket('T-6650')).resolves.toEqual(detail);
    expect(mock.mock.calls[0]?.[0]).toBe('/api/repairdesk/tickets/T-6650');
  });

  it('raises the 404 of an unknown ticket', async () => {
    stubFetch(jsonResponse({ success: false, message: 'Ticket introuvable', statusCode: 404 }, 404));
    await expect(fetchTicket('T-9999')).rejects.toMatchObject({ status: 404, message: 'Ticket introuvable' });
  });
});
