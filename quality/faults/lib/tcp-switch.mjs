// @ts-check
/**
 * A TCP forwarder on a fixed port of 127.0.0.1 that can be switched off and on: off closes the
 * listening socket and resets every open connection (a dependency that went down: connection
 * refused), on listens again on the same port and forwards to the target. Used in front of the
 * RepairDesk fake (HTTP) and of the local SMTP server.
 */
import net from 'node:net';
import { HOST } from '../../../bench/lib/server.mjs';

/**
 * @typedef {{ port: number, isUp: () => boolean, up: () => Promise<void>, down: () => Promise<void>, connections: () => number, close: () => Promise<void> }} TcpSwitch
 */

/**
 * @param {{ port: number, targetPort: number, startUp?: boolean }} options
 * @returns {Promise<TcpSwitch>}
 */
export async function startTcpSwitch({ port, targetPort, startUp = true }) {
  /** @type {Set<net.Socket>} */
  const sockets = new Set();
  let accepted = 0;
  /** @type {net.Server | null} */
  let server = null;

  const up = async () => {
    if (server) return;
    const listening = net.createServer((client) => {
      accepted += 1;
      const upstream = net.connect(targetPort, HOST);
      sockets.add(client);
      sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop);
      upstream.on('error', drop);
      client.on('close', drop);
      upstream.on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, HOST, () => resolve(undefined));
    });
    server = listening;
  };

  const down = async () => {
    const current = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (current) await new Promise((resolve) => current.close(() => resolve(undefined)));
  };

  if (startUp) await up();
  return { port, isUp: () => server !== null, up, down, connections: () => accepted, close: down };
}
