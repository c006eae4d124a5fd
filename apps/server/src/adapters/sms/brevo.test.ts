import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSms, type FakeSms } from '../../test/fakes/sms-fake.js';
import { createBrevoSmsProvider } from './brevo.js';
import { SmsSendError } from './sms-provider.js';

/** The Brevo adapter against the local fake: wire format, refusals, and a Brevo that never answers. */

let fake: FakeSms;
beforeAll(async () => {
  fake = await startFakeSms();
});
afterAll(() => fake.close());

const sms = { outboxId: 1, kind: 'ready_for_pickup', to: '+33611223344', body: 'Votre appareil est disponible.' };

async function failure(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('Brevo SMS adapter', () => {
  it('sends the documented body with the key in the api-key header, and answers the message id', async () => {
    const provider = createBrevoSmsProvider({ apiKey: fake.apiKey, sender: 'Erepare', baseUrl: `${fake.url}/` });
    const { reference } = await provider.send(sms);
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v3/transactionalSMS/send', status: 201, apiKey: fake.apiKey });
    expect(request?.body).toEqual({ sender: 'Erepare', recipient: '33611223344', content: sms.body, type: 'transactional', tag: 'ready_for_pickup', unicodeEnabled: false });
    expect(reference).toBe(String(fake.messages.at(-1)?.messageId));
    await expect(provider.check()).resolves.toBeUndefined();
  });

  it('says which refusal it is: retry or not', async () => {
    const provider = createBrevoSmsProvider({ apiKey: fake.apiKey, sender: 'Erepare', baseUrl: fake.url });
    fake.failNext(402);
    expect(await failure(provider.send(sms))).toMatchObject({ status: 402, retry: true, message: 'crédits SMS Brevo épuisés — HTTP 402 not_enough_credits : Not enough credits' });
    fake.failNext(429);
    expect(await failure(provider.send(sms))).toMatchObject({ status: 429, retry: true });
    fake.failNext(502);
    expect(await failure(provider.send(sms))).toMatchObject({ status: 502, retry: true });
    const badSender = createBrevoSmsProvider({ apiKey: fake.apiKey, sender: 'E.repare!', baseUrl: fake.url });
    expect(await failure(badSender.send(sms))).toMatchObject({ status: 400, retry: false });
    const wrongKey = createBrevoSmsProvider({ apiKey: 'xkeysib-not-the-key-000000', sender: 'Erepare', baseUrl: fake.url });
    const refused = await failure(wrongKey.check());
    expect(refused).toMatchObject({ status: 401, retry: true });
    expect(refused.message).not.toContain('xkeysib-not-the-key');
  });

  it('gives up a call Brevo never answers after its deadline, and says when Brevo cannot be reached', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const provider = createBrevoSmsProvider({ apiKey: fake.apiKey, sender: 'Erepare', baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 });
      expect(await failure(provider.send(sms))).toMatchObject({ retry: true, status: null, message: 'pas de réponse en 0.2 s' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    const closed = createBrevoSmsProvider({ apiKey: fake.apiKey, sender: 'Erepare', baseUrl: `http://127.0.0.1:${port}` });
    expect(await failure(closed.send(sms))).toMatchObject({ retry: true, message: 'Brevo injoignable (réseau)' });
  });
});
