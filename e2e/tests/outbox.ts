import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Mailparser from 'mailparser';

/**
 * The e2e server runs without SMTP_URL: each mail is written as an .eml file in
 * DATA_DIR/outbox, named `{time}-{outbox id}-{kind}.eml`. These helpers find the newest mail of a
 * kind for an address and read its links (parsed with mailparser, a dev dependency of the server:
 * quoted-printable and base64 bodies are decoded as a mail client would).
 */

const serverPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/package.json');
const { simpleParser } = createRequire(serverPackage)('mailparser') as typeof Mailparser;

export type MailKind =
  | 'email_verification'
  | 'password_reset'
  | 'account_created'
  | 'signup_notice'
  // Shop orders (apps/server/src/modules/orders/service.ts).
  | 'order_confirmation'
  | 'order_notification'
  | 'order_expired'
  // Contact form and online quote (apps/server/src/modules/contact, modules/quotes).
  | 'contact_message'
  | 'quote_request'
  | 'quote_acknowledgement'
  // Drop-off bookings (apps/server/src/modules/bookings).
  | 'booking_confirmed'
  | 'booking_changed'
  | 'booking_cancelled'
  | 'booking_shop'
  // Online estimates (apps/server/src/modules/estimates).
  | 'estimate_sent'
  | 'estimate_decision'
  // Ticket status mails (« prête à récupérer » with its « Payer en ligne » link) and online payment receipts (issue 24 §4).
  | 'ticket_status'
  | 'repair_payment_receipt';

export type OutboxMail = { file: string; to: string[]; subject: string; text: string; links: URL[] };

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (it is chosen by playwright.config.ts)');
  return path.join(dataDir, 'outbox');
}

async function read(file: string): Promise<OutboxMail> {
  const parsed = await simpleParser(await fs.readFile(file));
  const addresses = [parsed.to ?? []].flat().flatMap((group) => group.value.map((mailbox) => (mailbox.address ?? '').toLowerCase()));
  const text = parsed.text ?? '';
  const links = [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => new URL(match[0]));
  return { file, to: addresses, subject: parsed.subject ?? '', text, links };
}

/** Mails of a kind for an address, oldest first (file names start with the time). */
export async function mailsFor(to: string, kind: MailKind): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir());
  } catch {
    return [];
  }
  const candidates = names.filter((name) => name.endsWith(`-${kind}.eml`)).sort();
  const mails = await Promise.all(candidates.map((name) => read(path.join(outboxDir(), name))));
  return mails.filter((mail) => mail.to.includes(to.toLowerCase()));
}

/**
 * Waits for a new mail of a kind for an address (more than `already` of them) and returns the
 * newest. The background job writes it a moment after the request that queued it.
 */
export async function waitForMail(to: string, kind: MailKind, { already = 0, timeoutMs = 15_000 } = {}): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsFor(to, kind);
    const newest = mails.at(-1);
    if (mails.length > already && newest) return newest;
    if (Date.now() > deadline) throw new Error(`no ${kind} mail for ${to} in ${outboxDir()} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits for a mail of a kind for an address that `matches` (e.g. the order number in its subject)
 * and returns the newest such mail. For addresses that receive many mails of a kind (the shop's
 * staff notifications) where counting them is not enough.
 */
export async function waitForMatchingMail(
  to: string,
  kind: MailKind,
  matches: (mail: OutboxMail) => boolean,
  { timeoutMs = 15_000 } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsFor(to, kind)).filter(matches).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching ${kind} mail for ${to} in ${outboxDir()} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path and query of the mail's link to `pathname` (opened on the test's own base URL). */
export function linkTo(mail: OutboxMail, pathname: string): string {
  const link = mail.links.find((url) => url.pathname === pathname);
  if (!link) throw new Error(`no link to ${pathname} in ${mail.file}:\n${mail.text}`);
  return `${link.pathname}${link.search}`;
}
