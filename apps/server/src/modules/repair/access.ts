import type { FastifyRequest } from 'fastify';
import { messages } from '@erepare/shared/messages';
import { AppError } from '../../errors.js';
import { checkSession } from '../../plugins/auth.js';

/**
 * Who is asking, for the one ownership rule of DESIGN.md §4: a ticket, invoice or customer record
 * belongs to a user when its customer id equals the user's linked customer id (set only once the
 * user's e-mail address is verified). Admins see everything. Nothing else (keyword matches, names,
 * e-mails typed in a query) proves ownership.
 */
export type Viewer =
  | { kind: 'anonymous' }
  | { kind: 'customer'; userId: number; email: string; emailVerified: boolean; customerId: number | null }
  | { kind: 'admin'; userId: number; email: string; customerId: number | null };

/** The viewer of a request; an expired or unknown token is simply anonymous on public routes. */
export async function viewerOf(request: FastifyRequest): Promise<Viewer> {
  const check = await checkSession(request);
  if (!check.ok) return { kind: 'anonymous' };
  const { user } = check.session;
  // A staff session limited to enrolling a second factor (issue 23 §5) has no staff powers.
  if (user.role === 'admin' && !check.session.twoFactorEnrolmentRequired) return { kind: 'admin', userId: user.id, email: user.email, customerId: user.repairdesk_customer_id };
  return {
    kind: 'customer',
    userId: user.id,
    email: user.email,
    emailVerified: user.email_verified,
    customerId: user.repairdesk_customer_id,
  };
}

/** The one ownership rule: an admin, or a customer whose verified account is linked to this customer id. */
export function owns(viewer: Viewer, customerId: number): boolean {
  if (viewer.kind === 'admin') return true;
  return viewer.kind === 'customer' && viewer.emailVerified && viewer.customerId !== null && viewer.customerId === customerId;
}

/** 401 for a visitor; otherwise the caller decides (usually a 404 that reveals nothing). */
export function requireSignedIn(viewer: Viewer): asserts viewer is Exclude<Viewer, { kind: 'anonymous' }> {
  if (viewer.kind === 'anonymous') throw new AppError('NOT_LOGGED_IN', 401, messages.auth.notLoggedIn);
}

/**
 * Customer records of other people and records that do not exist get the same 404: a signed-in
 * customer cannot learn whether customer #n exists.
 */
export function customerNotFound(): AppError {
  return new AppError('CUSTOMER_NOT_FOUND', 404, messages.repair.customerNotFound);
}

export function invoiceNotFound(): AppError {
  return new AppError('INVOICE_NOT_FOUND', 404, messages.repair.invoiceNotFound);
}
