import { defaultStoreProfile } from '@erepare/shared/store-profile';
/**
 * The outbox shown to staff never hands out a live account link (issue 9): a password-reset or
 * verification token in a mail's body is masked in GET /api/admin/outbox/:id, so an admin cannot
 * take over another account (another admin's, acting then under that name in the audit log).
 * The stored mail, which the job sends, keeps its link.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { enqueueMail } from '../mail/outbox.js';
import { passwordResetEmail, verificationEmail } from '../mail/templates.js';

let t: TestApp;
let admin: { headers: { authorization: string } };
const db = () => t.database.db;
const RESET = 'resetTOKENabcdefghijklmnopqrstuvwxyz0123456789';
const VERIFY = 'verifyTOKEN-_abcdefghijklmnopqrstuvwxyz0123456';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, db(), { email: 'atelier.boite@exemple.fr', role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/outbox/:id', () => {
  it('masks password-reset and verification tokens; the stored mail keeps them', async () => {
    const reset = await enqueueMail(db(), { kind: 'password_reset', to: 'autre.admin@exemple.fr', ...passwordResetEmail({ publicUrl: 'https://erepare.test', token: RESET, email: 'autre.admin@exemple.fr' }, defaultStoreProfile) });
    const verify = await enqueueMail(db(), { kind: 'email_verification', to: 'client.x@exemple.fr', ...verificationEmail({ publicUrl: 'https://erepare.test', token: VERIFY, validForHours: 24 }, defaultStoreProfile) });
    for (const [id, token] of [[reset.id, RESET], [verify.id, VERIFY]] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/outbox/${id}`, headers: admin.headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(token);
      expect(response.body).not.toContain(encodeURIComponent(token));
      const [stored] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(stored?.text).toContain(token);
    }
  });
});
