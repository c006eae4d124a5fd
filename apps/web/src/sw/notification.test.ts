import { describe, expect, it } from 'vitest';
import { clickTarget, notificationFor, parsePushData, safeUrl } from './notification';

describe('push notifications', () => {
  it('applies spec 1 §9 defaults to an empty push', () => {
    const { title, options } = notificationFor(parsePushData(null));
    expect(title).toBe('E.repare');
    expect(options.body).toBe('Nouvelle notification');
    expect(options.data.url).toBe('/compte?tab=notifications');
    expect(options.vibrate).toEqual([200, 100, 200]);
    expect(options.requireInteraction).toBe(false);
    expect(options.icon).toBe('/icons/icon-192.png');
    expect(options.badge).toBe('/icons/badge-96.png');
  });

  it('shows the server payload, asks for interaction when action is required and coalesces by tag', () => {
    const payload = parsePushData(
      JSON.stringify({ title: 'Ticket T-1 mis à jour', body: 'Devis en attente', url: '/compte?tab=repairs', type: 'ticket', notificationId: 7, requireInteraction: true }),
    );
    const { title, options } = notificationFor(payload);
    expect(title).toBe('Ticket T-1 mis à jour');
    expect(options.body).toBe('Devis en attente');
    expect(options.requireInteraction).toBe(true);
    expect(options.tag).toBe('notification-7');
    expect(options.data).toEqual({ url: '/compte?tab=repairs', type: 'ticket', notificationId: 7, ticketId: null });
    expect(notificationFor({ data: { actionRequired: true } }).options.requireInteraction).toBe(true);
  });

  it('takes plain text as the body and refuses addresses off the site', () => {
    expect(notificationFor(parsePushData('Bonjour')).options.body).toBe('Bonjour');
    expect(safeUrl('https://evil.example/')).toBe('/compte?tab=notifications');
    expect(safeUrl('//evil.example/')).toBe('/compte?tab=notifications');
    expect(clickTarget({ url: '/boutique?promo=X' }, 'https://erepare.example')).toBe('https://erepare.example/boutique?promo=X');
    expect(clickTarget(null, 'https://erepare.example')).toBe('https://erepare.example/compte?tab=notifications');
  });
});

describe('a visitor’s ticket push', () => {
  it('offers "Ne plus suivre", with our own wording only', () => {
    const shown = notificationFor(parsePushData(JSON.stringify({ title: 'Ticket T-1 mis à jour', visitorFollow: true, actions: [{ action: 'x', title: 'Piège' }] })));
    expect(shown.options.actions).toEqual([{ action: 'unfollow', title: 'Ne plus suivre' }]);
    expect(shown.options.data.visitorFollow).toBe(true);
  });

  it('other pushes carry no action, whatever they send', () => {
    const shown = notificationFor(parsePushData(JSON.stringify({ title: 'Promo', actions: [{ action: 'unfollow', title: 'Ne plus suivre' }] })));
    expect(shown.options.actions).toBeUndefined();
    expect(shown.options.data.visitorFollow).toBeUndefined();
  });
});
