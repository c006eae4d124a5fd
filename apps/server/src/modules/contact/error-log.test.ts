import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggableError, registerErrorHandler } from '../../plugins/errors.js';

/**
 * A database error carries the query's parameters (the visitor's message, e-mail, megabytes of
 * photos): the 500 log must name the error, never copy them.
 */
describe('500 logs of database errors', () => {
  // A server-side failure (bad input such as a NUL character is a 400: plugins/errors.test.ts).
  const cause = Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), { code: '53100' });
  const failure = () =>
    new DrizzleQueryError('insert into contact_messages (name, email, message) values ($1, $2, $3)', ['Camille D.', 'camille@exemple.fr', 'secret'], cause);

  it('keeps the type and the cause’s code and message only', () => {
    expect(loggableError(failure())).toEqual({ type: 'DrizzleQueryError', code: '53100', message: 'could not extend file "base/5/16384": No space left on device' });
    const plain = new Error('autre');
    expect(loggableError(plain)).toBe(plain);
  });

  it('writes no parameter to the log, and answers the generic French 500', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    registerErrorHandler(app);
    app.post('/boom', async () => {
      throw failure();
    });
    const response = await app.inject({ method: 'POST', url: '/boom', payload: {} });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json<{ message: string }>().message).not.toContain('camille');
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('DrizzleQueryError');
    expect(log).toContain('53100');
    expect(log).not.toContain('camille@exemple.fr');
    expect(log).not.toContain('Camille D.');
    expect(log).not.toContain('insert into contact_messages');
  });
});
