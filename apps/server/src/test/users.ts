import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../lib/passwords.js';
import { insertUser } from '../modules/auth/repository.js';
import type { Db } from '../db/client.js';

export const TEST_PASSWORD = 'Motdepasse1';
let hash: Promise<string> | undefined;
let ipCounter = 0;

/**
 * A real user in the test database, signed in through the real login route; returns the headers
 * that carry its session (Bearer, as the spec's clients send it).
 */
export async function signedInUser(
  app: FastifyInstance,
  db: Db,
  user: { email: string; role?: 'customer' | 'admin'; repairCustomerId?: number | null; verified?: boolean; marketingConsent?: boolean },
): Promise<{ id: number; headers: { authorization: string } }> {
  hash ??= hashPassword(TEST_PASSWORD);
  const record = await insertUser(db, {
    email: user.email,
    passwordHash: await hash,
    role: user.role ?? 'customer',
    repairCustomerId: user.repairCustomerId ?? null,
    emailVerifiedAt: user.verified === false ? null : new Date(),
    emailOptIn: user.marketingConsent ?? false,
  });
  ipCounter += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD },
    remoteAddress: `10.99.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`,
  });
  const token = (response.json<{ token?: string }>()).token;
  if (!token) throw new Error(`login failed for ${user.email}: ${response.body}`);
  return { id: record.id, headers: { authorization: `Bearer ${token}` } };
}
