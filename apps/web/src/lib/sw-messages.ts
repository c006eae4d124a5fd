/** Messages between the pages and the service worker (tiny: imported by the app's entry). */
export const WARM_MESSAGE = 'erepare:warm';
export const PUSH_RECEIVED_MESSAGE = 'erepare:push-received';
export const VISITOR_FOLLOW_STOPPED_MESSAGE = 'erepare:visitor-follow-stopped';
