/** Messages between the pages and the service worker (tiny: imported by the app's entry). */
export const WARM_MESSAGE = 'erepare:warm';
export const PUSH_RECEIVED_MESSAGE = 'erepare:push-received';
