import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { notificationMessages } from '@erepare/shared/notifications';
import { renderHook, waitFor } from '@testing-library/react';
import { cloudChannelInitialised, disable, enable, initPush, isLocalhost, requestPermission, resetPushState, usePushSubscription, WELCOME_TITLE } from './push';


// A P-256 public key in base64url (65 bytes), as the server's VAPID key.
const VAPID = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

type FakeSubscription = { endpoint: string; options: { applicationServerKey: ArrayBuffer | null }; toJSON: () => unknown; unsubscribe: ReturnType<typeof vi.fn> };

function fakeSubscription(endpoint = 'https://push.example/abc'): FakeSubscription {
  return {
    endpoint,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
}

let permission: NotificationPermission;
let subscription: FakeSubscription | null;
let registration: {
  active: object | null;
  pushManager: { getSubscription: ReturnType<typeof vi.fn>; subscribe: ReturnType<typeof vi.fn> };
  showNotification: ReturnType<typeof vi.fn>;
  getNotifications: ReturnType<typeof vi.fn>;
};
let shown: { data: unknown; close: ReturnType<typeof vi.fn> }[] = [];
let fetchMock: Mock<(url: string, init?: RequestInit) => Promise<Response>>;
let requestPermissionMock: Mock<() => Promise<NotificationPermission>>;

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  permission = 'default';
  subscription = null;
  registration = {
    active: {},
    pushManager: {
      getSubscription: vi.fn(() => Promise.resolve(subscription)),
      subscribe: vi.fn(() => {
        subscription = fakeSubscription();
        return Promise.resolve(subscription);
      }),
    },
    showNotification: vi.fn((_title: string, options: NotificationOptions) => {
      shown.push({ data: options.data, close: vi.fn() });
      return Promise.resolve();
    }),
    getNotifications: vi.fn(() => Promise.resolve(shown)),
  };
  shown = [];
  requestPermissionMock = vi.fn<() => Promise<NotificationPermission>>(() => {
    permission = 'granted';
    return Promise.resolve(permission);
  });
  const NotificationStub = Object.assign(function Notification() {}, { requestPermission: requestPermissionMock });
  Object.defineProperty(NotificationStub, 'permission', { get: () => permission });
  vi.stubGlobal('Notification', NotificationStub);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(() => Promise.resolve(registration)), ready: Promise.resolve(registration), register: vi.fn() },
  });
  fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>((url: string) => {
    if (url === '/api/notifications/vapid-public-key') return json({ success: true, publicKey: VAPID });
    if (url === '/api/notifications/subscribe') return json({ success: true, message: 'Notifications activées !' });
    if (url === '/api/notifications/unsubscribe') return json({ success: true, message: 'Notifications désactivées' });
    return json({ success: false }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  resetPushState();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push subscription', () => {
  it('asks for permission, subscribes with the VAPID key, saves the subscription, then welcomes 2 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() => usePushSubscription());
    expect(result.current.permission).toBe('default');
    await enable({ ticketUpdates: true });
    expect(requestPermissionMock).toHaveBeenCalledOnce();
    const subscribeCall = registration.pushManager.subscribe.mock.calls[0]?.[0] as { userVisibleOnly: boolean; applicationServerKey: Uint8Array };
    expect(subscribeCall.userVisibleOnly).toBe(true);
    expect(subscribeCall.applicationServerKey).toHaveLength(65);
    const saved = fetchMock.mock.calls.find(([url]) => url === '/api/notifications/subscribe') as [string, RequestInit];
    expect(JSON.parse(saved[1].body as string)).toMatchObject({ endpoint: 'https://push.example/abc', keys: { auth: 'a'.repeat(22) }, preferences: { ticketUpdates: true } });
    expect(registration.showNotification).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    const [title, options] = registration.showNotification.mock.calls[0] as [string, NotificationOptions];
    expect(title).toBe(WELCOME_TITLE);
    expect(options.data).toMatchObject({ url: '/compte?tab=notifications' });
    // Spec 1 §9: the welcome closes by itself after 5 s.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(shown[0]?.close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(shown[0]?.close).toHaveBeenCalledOnce();
    vi.useRealTimers();
    await waitFor(() => expect(result.current).toMatchObject({ subscribed: true, permission: 'granted', busy: false, error: null }));
  });

  it('fails with the spec message when permission is refused or already blocked', async () => {
    requestPermissionMock.mockImplementation(() => {
      permission = 'denied';
      return Promise.resolve(permission);
    });
    await expect(enable()).rejects.toThrow("Impossible d'activer les notifications");
    const { result } = renderHook(() => usePushSubscription());
    expect(result.current.error).toBe("Impossible d'activer les notifications");
    expect(result.current.subscribed).toBe(false);
    await expect(enable()).rejects.toThrow('Les notifications sont bloquées dans les réglages du navigateur.');
    await waitFor(() => expect(result.current.error).toBe('Les notifications sont bloquées dans les réglages du navigateur.'));
    expect(registration.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('fails when the service worker is not active, or push is unsupported', async () => {
    permission = 'granted';
    registration.active = null;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pending = expect(enable()).rejects.toThrow('Le service worker n’est pas actif. Rechargez la page puis réessayez.');
    await vi.advanceTimersByTimeAsync(10_000);
    await pending;

    vi.useRealTimers();
    registration.active = {};
    Reflect.deleteProperty(registration, 'pushManager');
    await expect(enable()).rejects.toThrow('Ce navigateur ne prend pas en charge les notifications push.');
    const { result } = renderHook(() => usePushSubscription());
    expect(result.current.error).toBe('Ce navigateur ne prend pas en charge les notifications push.');
  });

  it('says the browser refuses push although notifications are allowed, not « permission non accordée » (issue 22 §3.8)', async () => {
    permission = 'granted';
    registration.pushManager.subscribe.mockRejectedValue(new DOMException('Registration failed - permission denied', 'NotAllowedError'));
    await expect(enable()).rejects.toThrow(notificationMessages.pushRefusedByBrowser);
    expect(notificationMessages.pushRefusedByBrowser).toMatch(/^Les notifications sont autorisées, mais ce navigateur refuse l’abonnement push/);
  });

  it('says the browser has no notifications at all', async () => {
    vi.stubGlobal('Notification', undefined);
    Reflect.deleteProperty(window, 'Notification');
    resetPushState();
    await expect(enable()).rejects.toThrow('Ce navigateur ne supporte pas les notifications');
    const { result } = renderHook(() => usePushSubscription());
    expect(result.current.supported).toBe(false);
    expect(result.current.error).toBe('Ce navigateur ne supporte pas les notifications');
  });

  it('reports a failed save on the server', async () => {
    permission = 'granted';
    fetchMock.mockImplementation((url: string) =>
      url === '/api/notifications/vapid-public-key' ? json({ success: true, publicKey: VAPID }) : json({ success: false, message: 'Abonnement push invalide' }, 400),
    );
    await expect(enable()).rejects.toThrow('Erreur sauvegarde abonnement : Abonnement push invalide');
    const { result } = renderHook(() => usePushSubscription());
    expect(result.current.error).toBe('Erreur sauvegarde abonnement : Abonnement push invalide');
    expect(result.current.subscribed).toBe(false);
  });

  it('disables: unsubscribes the browser and the server', async () => {
    permission = 'granted';
    subscription = fakeSubscription('https://push.example/old');
    await initPush();
    const { result } = renderHook(() => usePushSubscription());
    expect(result.current.subscribed).toBe(true);
    const current = subscription;
    await disable();
    expect(current.unsubscribe).toHaveBeenCalled();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/notifications/unsubscribe') as [string, RequestInit];
    expect(JSON.parse(call[1].body as string)).toEqual({ endpoint: 'https://push.example/old' });
    await waitFor(() => expect(result.current.subscribed).toBe(false));
  });

  it('retries the initialisation 3 times, 1 s apart', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const getRegistration = vi.fn(() => Promise.resolve(undefined));
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration, ready: new Promise(() => undefined) } });
    const pending = initPush();
    await vi.advanceTimersByTimeAsync(999);
    expect(getRegistration).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getRegistration).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    await pending;
    expect(getRegistration).toHaveBeenCalledTimes(3);
  });

  it('records a denied permission request', async () => {
    requestPermissionMock.mockImplementation(() => {
      permission = 'denied';
      return Promise.resolve(permission);
    });
    await requestPermission();
    const { result } = renderHook(() => usePushSubscription());
    expect(result.current.permission).toBe('denied');
    expect(result.current.error).toBe('Permission refusée pour les notifications');
  });

  it('treats the cloud channel as initialised on localhost only (spec 1 §5)', () => {
    expect(isLocalhost('localhost')).toBe(true);
    expect(isLocalhost('127.0.0.1')).toBe(true);
    expect(isLocalhost('erepare.fr')).toBe(false);
    expect(cloudChannelInitialised('localhost')).toBe(true);
    expect(cloudChannelInitialised('erepare.fr')).toBe(false);
  });
});
