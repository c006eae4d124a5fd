import type { IncomingMessage } from 'node:http';

/**
 * The most a refused request's body is read for (above nginx's largest `client_max_body_size`,
 * 51 MB for the contact form, see deploy/nginx/erepare.conf): a client declaring or sending more
 * is cut at once.
 */
export const MAX_DRAINED_BODY_BYTES = 64 * 1024 * 1024;

/**
 * A request refused while its body is still coming (a form declared too large, a photo too big in
 * the middle of a form): answering, then closing the connection with the rest of the body unread,
 * makes the system reset it (TCP RST), and a client still sending loses the answer. nginx sends
 * the whole body it buffered before it reads the answer: it then showed its own « Service
 * temporairement indisponible » (502, mapped to 503) instead of the French 413, now and then. nginx
 * itself avoids this for its clients by a lingering close; this is the same idea: the rest of the
 * body is read and thrown away (nothing is kept), the answer is read by the client, and the
 * connection serves its next request.
 *
 * Bounded: a body declared, or found, larger than `maxBytes` is not drained (false: the caller
 * closes the connection as before); time is bounded by the server's own deadlines (the whole
 * request within HTTP_REQUEST_TIMEOUT_MS, no pause over the idle deadline), which cut a client
 * that trickles.
 */
export function drainRefusedBody(raw: IncomingMessage, maxBytes = MAX_DRAINED_BODY_BYTES): boolean {
  if (raw.complete) return false;
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return false;
  const socket = raw.socket;
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBytes) {
      stop();
      socket.destroy();
    }
  };
  const stop = () => {
    raw.off('data', onData);
    raw.off('end', stop);
    raw.off('close', stop);
  };
  // The form parser (busboy) was reading it: it stops, and the bytes go nowhere.
  raw.unpipe();
  raw.on('data', onData);
  raw.once('end', stop);
  raw.once('close', stop);
  raw.resume();
  return true;
}
