import { afterEach, describe, expect, it } from 'vitest';
import { publicTicket } from '../test/fixtures';
import { readTicketCache, TICKET_CACHE_KEY, TICKET_CACHE_MAX_AGE_MS, writeTicketCache } from './ticket-cache';

afterEach(() => localStorage.clear());

describe('ticket cache', () => {
  const now = Date.UTC(2026, 10, 21, 10);

  it('keeps the list with its time and gives it back', () => {
    const tickets = [publicTicket({ id: 1 }), publicTicket({ id: 2 })];
    writeTicketCache(tickets, now);
    expect(JSON.parse(localStorage.getItem(TICKET_CACHE_KEY) ?? '')).toMatchObject({ savedAt: now });
    expect(readTicketCache(now + 1000)).toEqual({ savedAt: now, tickets });
  });

  it.each([
    ['not JSON', '{pas du json'],
    ['another shape', JSON.stringify([{ id: 1 }])],
    ['a ticket missing fields', JSON.stringify({ savedAt: now, tickets: [{ id: 1, status: 'x' }] })],
    ['no time', JSON.stringify({ tickets: [] })],
  ])('ignores and removes a corrupt value (%s)', (_case, value) => {
    localStorage.setItem(TICKET_CACHE_KEY, value);
    expect(readTicketCache(now)).toBeNull();
    expect(localStorage.getItem(TICKET_CACHE_KEY)).toBeNull();
  });

  it('drops a list that is too old, or dated in the future', () => {
    writeTicketCache([publicTicket()], now);
    expect(readTicketCache(now + TICKET_CACHE_MAX_AGE_MS + 1)).toBeNull();
    writeTicketCache([publicTicket()], now + 10 * 60_000);
    expect(readTicketCache(now)).toBeNull();
  });
});
