/**
 * The few service-worker types the worker uses. The web app is type-checked with the DOM library,
 * which lacks them, and the WebWorker library cannot be loaded beside it.
 */
export type ExtendableEvent = {
  waitUntil(promise: Promise<unknown>): void;
} & Event;
export type FetchEvent = {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
} & ExtendableEvent;
export type PushMessageData = {
  text(): string;
};
export type PushEvent = {
  readonly data: PushMessageData | null;
} & ExtendableEvent;
export type NotificationEvent = {
  readonly notification: Notification;
  readonly action: string;
} & ExtendableEvent;
export type PushSubscriptionChangeEvent = {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
} & ExtendableEvent;
export type ExtendableMessageEvent = {
  readonly data: unknown;
} & ExtendableEvent;
export type WorkerClient = {
  readonly url: string;
  postMessage(message: unknown): void;
};
export type WindowClient = {
  readonly focused: boolean;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
} & WorkerClient;
export type Clients = {
  matchAll(options?: { type?: 'window' | 'all'; includeUncontrolled?: boolean }): Promise<WindowClient[]>;
  openWindow(url: string): Promise<WindowClient | null>;
  claim(): Promise<void>;
};
type Listener<E> = (event: E) => void;
export type ServiceWorkerScope = {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: Clients;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: Listener<ExtendableEvent>): void;
  addEventListener(type: 'fetch', listener: Listener<FetchEvent>): void;
  addEventListener(type: 'push', listener: Listener<PushEvent>): void;
  addEventListener(type: 'notificationclick', listener: Listener<NotificationEvent>): void;
  addEventListener(type: 'pushsubscriptionchange', listener: Listener<PushSubscriptionChangeEvent>): void;
  addEventListener(type: 'message', listener: Listener<ExtendableMessageEvent>): void;
};
