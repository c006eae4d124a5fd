import { describe, expect, it } from 'vitest';
import { listBody, notification } from '../test/helpers';
import { markAllReadIn, markReadIn, notificationTarget, removeFrom } from './list-updates';
import { relativeTimeFr } from './relative-time';

describe('cached list updates', () => {
  const a = notification({ id: 1 });
  const b = notification({ id: 2, read: true });
  const list = listBody([a, b]);

  it('marks one read: the unread count falls, an unread-only list loses it', () => {
    expect(markReadIn(list, 1, true, 'all')).toMatchObject({ unread: 0, total: 2, data: [{ id: 1, read: true }, { id: 2 }] });
    expect(markReadIn(listBody([a]), 1, true, 'unread')).toEqual({ data: [], unread: 0, total: 0 });
    expect(markReadIn(list, 2, false, 'all').unread).toBe(1);
  });

  it('removes one, and marks or clears all', () => {
    expect(removeFrom(list, 1, true)).toMatchObject({ unread: 0, total: 1, data: [{ id: 2 }] });
    expect(removeFrom(list, 2, false)).toMatchObject({ unread: 1, total: 1 });
    expect(markAllReadIn(list, 'all').data.every((item) => item.read)).toBe(true);
    expect(markAllReadIn(list, 'unread')).toEqual({ data: [], unread: 0, total: 0 });
  });

  it('leads a ticket to the repairs tab, others to their own in-site link only', () => {
    expect(notificationTarget({ type: 'ticket', data: { url: '/suivi?ticket=T-1' } })).toBe('/compte?tab=repairs');
    expect(notificationTarget({ type: 'promo', data: { url: '/boutique?promo=NOEL' } })).toBe('/boutique?promo=NOEL');
    expect(notificationTarget({ type: 'store', data: { url: 'https://ailleurs.example' } })).toBeNull();
    expect(notificationTarget({ type: 'store', data: { url: '//ailleurs.example' } })).toBeNull();
    expect(notificationTarget({ type: 'flash', data: {} })).toBeNull();
  });
});

describe('relativeTimeFr', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  // Intl puts a (narrow) no-break space before the unit, as French typography wants.
  const at = (iso: string) => relativeTimeFr(iso, now).replace(/[\u00a0\u202f]/g, ' ');
  it('speaks French', () => {
    expect(at('2026-11-21T09:59:30Z')).toBe('à l’instant');
    expect(at('2026-11-21T09:55:00Z')).toBe('il y a 5 min');
    expect(at('2026-11-21T08:00:00Z')).toBe('il y a 2 h');
    expect(at('2026-11-20T09:00:00Z')).toBe('hier');
    expect(at('2026-11-18T09:00:00Z')).toBe('il y a 3 jours');
    expect(at('2026-11-21T10:05:00Z')).toBe('à l’instant');
  });
});
