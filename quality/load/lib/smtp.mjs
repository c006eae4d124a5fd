// @ts-check
/**
 * A local SMTP server (smtp-server) the shop's server sends its mails to during the load test: it
 * accepts every message, keeps its envelope and raw bytes, and parses them (mailparser) on demand.
 */
import { once } from 'node:events';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { HOST } from '../../../bench/lib/server.mjs';

/**
 * @typedef {{ envelopeTo: string[], raw: Buffer, receivedAt: number }} ReceivedMail
 * @typedef {{ envelopeTo: string[], to: string[], subject: string, messageId: string, receivedAt: number }} ParsedMail
 * @typedef {{
 *   url: string,
 *   received: ReceivedMail[],
 *   count: () => number,
 *   parseAll: () => Promise<ParsedMail[]>,
 *   close: () => Promise<void>,
 * }} SmtpSink
 */

/** @returns {Promise<SmtpSink>} */
export async function startSmtpSink() {
  /** @type {ReceivedMail[]} */
  const received = [];
  const server = new SMTPServer({
    secure: false,
    // Plain SMTP on the loopback: no STARTTLS (self-signed certificate), no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 200,
    // The shop's mail job sends a batch at a time; let it connect as often as it likes.
    maxClients: 1000,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(/** @type {Buffer} */ (chunk)));
      stream.on('end', () => {
        received.push({
          envelopeTo: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          raw: Buffer.concat(chunks),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  server.listen(0, HOST);
  await once(server.server, 'listening');
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('the SMTP server did not get a port');

  /** @type {Map<ReceivedMail, ParsedMail>} */
  const parsed = new Map();
  return {
    url: `smtp://${HOST}:${address.port}`,
    received,
    count: () => received.length,
    async parseAll() {
      /** @type {ParsedMail[]} */
      const result = [];
      for (const mail of received) {
        let entry = parsed.get(mail);
        if (!entry) {
          const message = await simpleParser(mail.raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
          const to = (Array.isArray(message.to) ? message.to : message.to ? [message.to] : [])
            .flatMap((group) => group.value)
            .map((item) => (item.address ?? '').toLowerCase());
          entry = { envelopeTo: mail.envelopeTo, to, subject: message.subject ?? '', messageId: message.messageId ?? '', receivedAt: mail.receivedAt };
          parsed.set(mail, entry);
        }
        result.push(entry);
      }
      return result;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
      }),
  };
}
