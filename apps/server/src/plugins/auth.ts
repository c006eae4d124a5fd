import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@erepare/shared/messages';
import { AppError } from '../errors.js';
import {
  resolveSession,
  SESSION_COOKIE,
  type AuthenticatedSession,
  type RequestContext,
  type SessionCheck,
} from '../modules/auth/service.js';

export type PresentedToken = { token: string; via: 'bearer' | 'cookie' };

/** The session token of a request: `Authorization: Bearer` first, then the httpOnly cookie. */
export function presentedToken(request: FastifyRequest): PresentedToken | null {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'null' && token !== 'undefined') return { token, via: 'bearer' };
  }
  const cookie = request.cookies[SESSION_COOKIE];
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

export async function requireAdmin(request: FastifyRequest): Promise<AuthenticatedSession> {
  const session = await requireUser(request);
  if (session.user.role !== 'admin') throw new AppError('FORBIDDEN', 403, messages.auth.forbidden);
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

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: reply.server.config.secureCookies });
}

