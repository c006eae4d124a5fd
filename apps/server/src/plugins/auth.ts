import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@erepare/shared/messages';
import { twoFactorMessages } from '@erepare/shared/schemas/two-factor';
import { AppError } from '../errors.js';
import {
  resolveSession,
  SESSION_COOKIE,
  type AuthenticatedSession,
  type RequestContext,
  type SessionCheck,
} from '../modules/auth/service.js';
import { DEVICE_COOKIE, DEVICE_TTL_MS, trustDevice } from '../modules/auth/devices.js';
import { CHALLENGE_COOKIE, CHALLENGE_COOKIE_PATH, LOGIN_CHALLENGE_TTL_MS } from '../modules/auth/two-factor-store.js';

export type PresentedToken = { token: string; via: 'bearer' | 'cookie' };

/** The session token of a request: `Authorization: Bearer` first, then the httpOnly cookie. */
export function presentedToken(request: FastifyRequest): PresentedToken | null {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'null' && token !== 'undefined') return { token, via: 'bearer' };
  }
  // Null until the cookie plugin's hook has run (a request refused by an earlier hook).
  const cookies = request.cookies as FastifyRequest['cookies'] | null | undefined;
  const cookie = cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** Who is asking, as the account services need it (address, per-client key, browser). */
export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, client: request.client, userAgent: request.headers['user-agent'] };
}

const checks = new WeakMap<FastifyRequest, Promise<SessionCheck>>();

/** The request's session, resolved once per request however many times it is asked for. */
export function checkSession(request: FastifyRequest, deviceFingerprint?: string): Promise<SessionCheck> {
  let check = checks.get(request);
  if (!check) {
    check = resolveSession(request.server.db, presentedToken(request)?.token, deviceFingerprint);
    checks.set(request, check);
  }
  return check;
}

/** Whether something asked for this request's session (its answer may depend on who the caller is). */
export function sessionWasChecked(request: FastifyRequest): boolean {
  return checks.has(request);
}

export async function requireUser(request: FastifyRequest): Promise<AuthenticatedSession> {
  const check = await checkSession(request);
  if (!check.ok) {
    throw new AppError(
      check.reason === 'missing' ? 'NOT_LOGGED_IN' : 'SESSION_EXPIRED',
      401,
      check.reason === 'missing' ? messages.auth.notLoggedIn : messages.auth.sessionExpired,
    );
  }
  return check.session;
}

/**
 * The one guard of staff routes: a live session (401), the admin role (403) and, while the team
 * rule requires a second factor (issue 23 §5), one on this account (403 with the French message
 * that says to enrol). Only the enrolment routes pass `{ enrolment: true }` to let such a session
 * through.
 */
export async function requireAdmin(request: FastifyRequest, options: { enrolment?: boolean } = {}): Promise<AuthenticatedSession> {
  const session = await requireUser(request);
  if (session.user.role !== 'admin') throw new AppError('FORBIDDEN', 403, messages.auth.forbidden);
  if (session.twoFactorEnrolmentRequired && options.enrolment !== true) {
    throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED', 403, twoFactorMessages.enrolmentRequired);
  }
  return session;
}

export function setSessionCookie(reply: FastifyReply, token: string, persistentUntil: Date | null): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.secureCookies,
    // Without "remember me" the cookie dies with the browser session (no Max-Age).
    ...(persistentUntil ? { expires: persistentUntil } : {}),
  });
}

/** This browser's device cookie (modules/auth/devices.ts), if it sent one. */
export function presentedDevice(request: FastifyRequest): string | undefined {
  return request.cookies[DEVICE_COOKIE];
}

/**
 * Remembers that this browser proved the account's password (a login, a reset, a registration,
 * the proof of an address): failures from strangers then never lock it out.
 */
export async function trustThisDevice(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  setDeviceCookie(reply, await trustDevice(request.server.db, presentedDevice(request), userId));
}

export function setDeviceCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.secureCookies,
    maxAge: DEVICE_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: reply.server.config.secureCookies });
}

/**
 * Binds a sign-in waiting for its second step to this browser (issue 23 §5): httpOnly, sent only
 * to the sign-in routes, gone after 5 minutes. The pending token of the answer without this cookie
 * (or with another browser's) finishes nothing.
 */
export function setChallengeCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(CHALLENGE_COOKIE, token, {
    path: CHALLENGE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: reply.server.config.secureCookies,
    maxAge: LOGIN_CHALLENGE_TTL_MS / 1000,
  });
}

export function presentedChallenge(request: FastifyRequest): string | undefined {
  return request.cookies[CHALLENGE_COOKIE];
}

export function clearChallengeCookie(reply: FastifyReply): void {
  reply.clearCookie(CHALLENGE_COOKIE, { path: CHALLENGE_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: reply.server.config.secureCookies });
}
