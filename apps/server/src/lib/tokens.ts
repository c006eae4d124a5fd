import { createHash, randomBytes } from 'node:crypto';

/** A random 256-bit opaque token, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256: a database leak does not leak usable sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
