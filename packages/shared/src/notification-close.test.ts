import { describe, expect, it, vi } from 'vitest';
import { closeNotificationLater, NOTIFICATION_AUTO_CLOSE_MS } from './notifications.js';

describe('closeNotificationLater (spec 1 §9: desktop notifications close after 5 s or 15 s)', () => {
  it('waits the delay, then closes the notification it showed, and not a newer one under the same tag', async () => {
    const ours = { data: { shownMarker: 'a' }, close: vi.fn() };
    const newer = { data: { shownMarker: 'b' }, close: vi.fn() };
    const getNotifications = vi.fn(() => Promise.resolve([ours, newer]));
    const waited: number[] = [];
    const closed = await closeNotificationLater({ getNotifications }, 'notification-7', 'a', NOTIFICATION_AUTO_CLOSE_MS.news, (ms) => {
      waited.push(ms);
      return Promise.resolve();
    });
    expect(waited).toEqual([15_000]);
    expect(getNotifications).toHaveBeenCalledWith({ tag: 'notification-7' });
    expect(closed).toBe(1);
    expect(ours.close).toHaveBeenCalledOnce();
    expect(newer.close).not.toHaveBeenCalled();
  });

  it('closes nothing when the customer already closed it', async () => {
    expect(await closeNotificationLater({ getNotifications: () => Promise.resolve([]) }, 't', 'a', NOTIFICATION_AUTO_CLOSE_MS.welcome, () => Promise.resolve())).toBe(0);
    expect(NOTIFICATION_AUTO_CLOSE_MS.welcome).toBe(5_000);
  });
});
