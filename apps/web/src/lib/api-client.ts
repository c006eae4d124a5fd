
export const NETWORK_ERROR_MESSAGE = 'Problème de connexion au serveur. Veuillez réessayer dans quelques instants.';
export const UNAVAILABLE_MESSAGE = 'Service temporairement indisponible. Nos équipes travaillent sur le problème.';

/** An API failure with the French message to show (the server's, or ours for network failures). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The error answer's whole body, for the few callers that read more than its message (a 409's list). */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A module fetched on demand by a request (the schemas of its answer): failing to fetch it (the
 * connection dropped since the page loaded) is the network failure it is, with its French message.
 */
export async function loadForRequest<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

/** A zod schema, or any object with the same `safeParse` (for the few light parsers of the shell). */
export type Parser<T> = { safeParse: (payload: unknown) => { success: true; data: T } | { success: false } };

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as it is when a FormData (multipart, photos). */
  body?: unknown;
  schema: Parser<T>;
  signal?: AbortSignal;
};

/**
 * Calls our API (same origin, session cookie included) and parses the answer with the endpoint's
 * shared schema, so the app never works on a shape it did not expect.
 */
export async function apiRequest<T>(path: string, { method = 'GET', body, schema, signal }: RequestOptions<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      // A FormData body (photos) keeps the browser's own multipart Content-Type, with its boundary.
      headers: { accept: 'application/json', ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(response.status, UNAVAILABLE_MESSAGE);
  }

  if (!response.ok) {
    const message =
      payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string'
        ? payload.message
        : UNAVAILABLE_MESSAGE;
    const code = payload && typeof payload === 'object' && 'code' in payload && typeof payload.code === 'string' ? payload.code : undefined;
    throw new ApiError(response.status, message, code, payload);
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, UNAVAILABLE_MESSAGE);
  return parsed.data;
}
