/** What this browser can do for notifications (spec 1 §2: the four capability badges). */
export type Capabilities = { webPush: boolean; cloudPush: boolean; serviceWorker: boolean; nativeNotifications: boolean };

/**
 * Cloud push (FCM) needs a project configuration this site does not ship (DESIGN §1: Web Push is the
 * built-in channel), so it reads as unavailable unless one is configured.
 */
export function detectCapabilities(cloudPushConfigured = false): Capabilities {
  const hasWindow = typeof window !== 'undefined';
  const serviceWorker = hasWindow && 'serviceWorker' in navigator;
  return {
    webPush: hasWindow && 'PushManager' in window && serviceWorker,
    cloudPush: cloudPushConfigured,
    serviceWorker,
    nativeNotifications: hasWindow && 'Notification' in window,
  };
}

export const permissionLabels = { granted: 'Accordée', denied: 'Refusée', default: 'Non demandée' } as const;
