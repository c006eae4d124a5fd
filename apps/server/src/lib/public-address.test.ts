import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup, isLoopbackAddress, isPublicAddress, RefusedAddressError, type Resolver } from './public-address.js';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4007:80e::200e', '2001:4860:4860::8888'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:8.8.8.8',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '2001:db8::1',
    '2001::1',
    '2002:7f00:1::1',
    '3fff::1',
    'localhost',
    '',
    'not an address',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('isLoopbackAddress', () => {
  it('is 127/8 and ::1 only', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]'].map(isLoopbackAddress)).toEqual([true, true, true, true]);
    expect(['10.0.0.1', '8.8.8.8', '::', 'fe80::1', 'localhost'].map(isLoopbackAddress)).toEqual([false, false, false, false, false]);
  });
});

describe('guardedLookup', () => {
  let server: net.Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = net.createServer((socket) => {
      connections += 1;
      socket.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A fake DNS: the answers it gives, and how many times it was asked. */
  function fakeDns(answers: string[][]): Resolver & { asked: number } {
    const resolver = Object.assign(
      ((_hostname, _options, callback) => {
        const answer = answers[Math.min(resolver.asked, answers.length - 1)] ?? [];
        resolver.asked += 1;
        callback(null, answer.map((address) => ({ address, family: net.isIP(address) })));
      }) as Resolver,
      { asked: 0 },
    );
    return resolver;
  }

  const connect = (lookup: net.LookupFunction) =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect({ host: 'push.exemple.fr', port, lookup });
      socket.on('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });

  it('refuses a name that resolves to a non-public address, before any connection', async () => {
    const before = connections;
    for (const answer of [['127.0.0.1'], ['93.184.216.34', '127.0.0.1'], ['10.1.2.3'], ['::1'], ['::ffff:127.0.0.1'], []]) {
      await expect(connect(guardedLookup(isPublicAddress, fakeDns([answer])))).rejects.toBeInstanceOf(RefusedAddressError);
    }
    expect(connections).toBe(before);
  });

  it('connects to the very address it checked, asking the DNS once (a rebinding answer is never asked for)', async () => {
    // The DNS would answer a public address second: the connection never asks it again.
    const dns = fakeDns([['127.0.0.1'], ['93.184.216.34']]);
    await connect(guardedLookup(isLoopbackAddress, dns));
    expect(dns.asked).toBe(1);
    const rebinding = fakeDns([['93.184.216.34'], ['127.0.0.1']]);
    const lookup = guardedLookup(isPublicAddress, rebinding);
    const addresses = await new Promise<unknown>((resolve, reject) =>
      lookup('push.exemple.fr', { all: true }, (error, result) => (error ? reject(error) : resolve(result))),
    );
    expect(addresses).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(rebinding.asked).toBe(1);
  });

  it('resolves through the system: localhost is the loopback, refused (localhost. too, or not found)', async () => {
    const lookup = guardedLookup(isPublicAddress);
    const ask = (name: string) => new Promise((resolve, reject) => lookup(name, {}, (error, address) => (error ? reject(error) : resolve(address))));
    await expect(ask('localhost')).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(ask('localhost.')).rejects.toBeDefined();
  });
});
