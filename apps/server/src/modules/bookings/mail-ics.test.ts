import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { parisInstant } from '@erepare/shared/booking';
import type { CreateBookingResponse } from '@erepare/shared/schemas/bookings';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signal, until } from '../../test/signals.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { listOutbox } from '../mail/outbox.js';
import { bookingClock } from './service.js';

/**
 * The booking confirmation through the real mail job to a real SMTP server (smtp-server), read
 * back with mailparser: the .ics arrives as a text/calendar attachment that parses as one VEVENT.
 */

const received: Buffer[] = [];
const server = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  closeTimeout: 100,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push(Buffer.concat(chunks));
      callback(null);
    });
  },
});
let t: TestApp;
const realClock = bookingClock.now;
const polls = signal();

beforeAll(async () => {
  const port = await new Promise<number>((resolve, reject) => {
    const listener = server.listen(0, '127.0.0.1', () => {
      const address = listener.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
    listener.once('error', reject);
  });
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  bookingClock.now = () => new Date('2026-12-01T08:00:00Z');
});

afterAll(async () => {
  bookingClock.now = realClock;
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Unfolds and splits an iCalendar text into its content lines (RFC 5545 §3.1). */
function contentLines(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
}

it('sends the confirmation with its .ics attachment over SMTP', async () => {
  const start = parisInstant('2026-12-02', '14:30');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: '10.60.0.1',
    payload: { slotStart: start.toISOString(), name: 'Zoé', email: 'zoe.ics@exemple.fr', phone: '0612345678', smsConsent: false, note: '' },
  });
  expect(response.statusCode).toBe(200);
  const { reference } = response.json<CreateBookingResponse>().data;

  t.app.mail.start({ pollIntervalMs: 60_000, onPoll: () => polls.fire() });
  await until(async () => (await listOutbox(t.database.db, { to: 'zoe.ics@exemple.fr' }))[0]?.status === 'sent', 'the confirmation sent', {
    step: () => t.app.mail.kick(),
    done: polls,
  });

  const messages = await Promise.all(received.map((raw) => simpleParser(raw)));
  const mail = messages.find((message) => message.subject?.includes(reference) && message.subject.startsWith('Votre rendez-vous'));
  expect(mail).toBeDefined();
  const attachment = mail?.attachments.find((file) => file.filename === `rendez-vous-${reference}.ics`);
  expect(attachment?.contentType).toBe('text/calendar');
  const lines = contentLines(attachment?.content.toString('utf8') ?? '');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  expect(lines).toContain('METHOD:REQUEST');
  expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  expect(lines).toContain(`UID:${reference}@erepare.example`);
  expect(lines).toContain('DTSTART:20261202T133000Z');
  expect(lines).toContain('DTEND:20261202T140000Z');
  expect(lines.find((line) => line.startsWith('LOCATION:'))).toContain('Gujan-Mestras');
  expect(lines.find((line) => line.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
});
