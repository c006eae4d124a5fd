import { createSign } from 'node:crypto';
import type { Config } from '../../config.js';

/**
 * Firebase Cloud Messaging HTTP v1, with node:crypto only: a service account signs a JWT (RS256)
 * exchanged at Google's OAuth2 token endpoint for an access token (cached until shortly before it
 * expires), then POST {apiUrl}/v1/projects/{projectId}/messages:send.
 */

export type FcmConfig = NonNullable<Config['fcm']>;

export type FcmMessage = { token: string; title: string; body: string; data?: Record<string, string>; link?: string };

export type FcmResult = { ok: true; name: string } | { ok: false; status: number; error: string; unregistered: boolean };

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const TIMEOUT_MS = 10_000;

/** The JWT a service account presents to the token endpoint (RFC 7523), signed RS256. */
export function serviceAccountAssertion(config: Pick<FcmConfig, 'clientEmail' | 'privateKey' | 'tokenUrl'>, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({
    iss: config.clientEmail,
    scope: SCOPE,
    aud: config.tokenUrl,
    iat: nowSeconds,
    exp: nowSeconds + 3600,
  })}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(config.privateKey).toString('base64url');
  return `${unsigned}.${signature}`;
}

export type FcmClient = { send: (message: FcmMessage) => Promise<FcmResult> };

export function createFcmClient(config: FcmConfig): FcmClient {
  let cached: { token: string; expiresAt: number } | undefined;

  const accessToken = async (): Promise<string> => {
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    const response = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: serviceAccountAssertion(config) }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!response.ok || typeof json?.access_token !== 'string') throw new Error(`FCM : jeton OAuth2 refusé (HTTP ${response.status})`);
    const lifetime = typeof json.expires_in === 'number' ? json.expires_in : 3600;
    cached = { token: json.access_token, expiresAt: Date.now() + lifetime * 1000 };
    return cached.token;
  };

  return {
    send: async (message) => {
      const token = await accessToken();
      const response = await fetch(`${config.apiUrl}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token: message.token,
            notification: { title: message.title, body: message.body },
            ...(message.data ? { data: message.data } : {}),
            ...(message.link ? { webpush: { fcm_options: { link: message.link } } } : {}),
          },
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const json = (await response.json().catch(() => null)) as { name?: unknown; error?: { status?: unknown; message?: unknown } } | null;
      if (response.ok && typeof json?.name === 'string') return { ok: true, name: json.name };
      if (response.status === 401) cached = undefined;
      const status = typeof json?.error?.status === 'string' ? json.error.status : '';
      return {
        ok: false,
        status: response.status,
        error: `${status} ${typeof json?.error?.message === 'string' ? json.error.message : ''}`.trim().slice(0, 300),
        // The token is no longer valid (app uninstalled, token expired): forget it.
        unregistered: response.status === 404 || status === 'UNREGISTERED',
      };
    },
  };
}
