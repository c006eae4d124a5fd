import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@erepare/shared/messages';
import type { ErrorResponse } from '@erepare/shared/schemas/common';
import { AppError } from '../errors.js';
import { drainRefusedBody } from '../lib/refused-body.js';

type Issue = { path: string; message: string };

const fieldNames: Record<string, string> = {
  body: 'corps de la requête',
  querystring: 'paramètres',
  params: 'adresse',
  headers: 'en-têtes',
};

function validationIssues(error: FastifyError): Issue[] {
  return (error.validation ?? []).map((item) => ({
    path: item.instancePath.replace(/^\//, '').replace(/\//g, '.'),
    message: item.message ?? messages.http.badRequest,
  }));
}

function validationMessage(error: FastifyError, issues: Issue[]): string {
  const first = issues[0];
  if (!first) return messages.http.badRequest;
  const where = first.path || fieldNames[error.validationContext ?? 'body'] || 'requête';
  const more = issues.length > 1 ? ` (et ${issues.length - 1} autre${issues.length > 2 ? 's' : ''} erreur${issues.length > 2 ? 's' : ''})` : '';
  return `Données invalides – ${where}\u00a0: ${first.message}${more}`;
}

/** French messages for the errors Fastify raises itself (body parsing, routing…). */
const fastifyCodes: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.http.unsupportedMediaType },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.http.invalidJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.http.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.http.payloadTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.http.badRequest },
  FST_ERR_BAD_URL: { status: 400, message: messages.http.badRequest },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: messages.http.badRequest },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: messages.http.badRequest },
};

const genericByStatus: Record<number, string> = {
  400: messages.http.badRequest,
  401: messages.auth.notLoggedIn,
  403: messages.auth.forbidden,
  404: messages.http.notFound,
  405: messages.http.methodNotAllowed,
  413: messages.http.payloadTooLarge,
  415: messages.http.unsupportedMediaType,
  429: messages.http.tooManyRequests,
};

/**
 * What a 5xx log may say about the error. A database error (drizzle's DrizzleQueryError) carries
 * the query's parameters: personal data, even megabytes of photos. Only its type and the cause's
 * code and message are logged then, never `params` (nor the query).
 */
export function loggableError(error: unknown): unknown {
  if (!error || typeof error !== 'object' || !('params' in error)) return error;
  const cause = (error as { cause?: unknown }).cause;
  const details = cause && typeof cause === 'object' ? (cause as { code?: unknown; message?: unknown }) : {};
  // DrizzleQueryError keeps the name "Error": its class tells more.
  const name = (error as { name?: unknown }).name;
  const type = typeof name === 'string' && name !== 'Error' ? name : error.constructor.name || 'Error';
  return {
    type,
    ...(typeof details.code === 'string' ? { code: details.code } : {}),
    ...(typeof details.message === 'string' ? { message: details.message } : {}),
  };
}

/**
 * Errors Fastify's router raises before any route exists for the request (Fastify's
 * `frameworkErrors`: a path parameter over maxParamLength, a malformed %-escape). They bypass
 * setErrorHandler, so they get the same envelope and French message here.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = fastifyCodes[error.code];
  const status = known?.status ?? 400;
  const body: ErrorResponse = { success: false, message: known?.message ?? messages.http.badRequest, statusCode: status, code: error.code, requestId: String(request.id) };
  void reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** What Node's HTTP parser or deadlines raised, as the French answer written on the socket. */
function clientErrorAnswer(code: string | undefined): { status: number; reason: string; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', message: messages.http.requestTimeout };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, reason: 'Request Header Fields Too Large', message: messages.http.headersTooLarge };
  return { status: 400, reason: 'Bad Request', message: messages.http.badRequest };
}

/**
 * Fastify's `clientErrorHandler`: errors raised before a request exists (headers or body too
 * slow for the server's deadlines, malformed HTTP). There is no reply object: the answer (the
 * spec's envelope, in French) is written on the socket, which is then closed.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, message } = clientErrorAnswer(error.code);
  const body = JSON.stringify({ success: false, message, statusCode: status, code: error.code ?? 'CLIENT_ERROR' } satisfies ErrorResponse);
  // A response already under way on this socket (Node tracks it as _httpMessage) cannot be
  // followed by another status line: the connection is only closed then.
  const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (socket.writable && !started) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  this.log.debug({ code: error.code, status }, 'client error');
  socket.destroy();
}

/** PostgreSQL's codes for text it cannot store: a NUL character, bytes the encoding refuses. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** Whether the error (or one it wraps, as the query builder does) is the database refusing such text. */
function isUnstorableText(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The one JSON error handler: French messages, the spec's envelope (success, message, statusCode),
 * the request id for support, and nothing internal on a 5xx.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((rawError: FastifyError | AppError | Error, request, reply) => {
    let status: number;
    let message: string;
    let code: string | undefined;
    let issues: Issue[] | undefined;

    if (rawError instanceof AppError) {
      status = rawError.httpStatus;
      message = rawError.message;
      code = rawError.code;
      const { connection, ...headers } = rawError.headers;
      // A body refused for its size or content while it is still coming (400, 413): read to its end
      // and thrown away, so that the client, or nginx in front, gets the answer (see refused-body.ts).
      // Other closes (a 408 for a client too slow) close at once.
      const drained = connection === 'close' && (status === 400 || status === 413) && drainRefusedBody(request.raw);
      void reply.headers(drained || connection === undefined ? headers : rawError.headers);
    } else {
      const error = rawError as FastifyError;
      if (error.validation) {
        status = 400;
        issues = validationIssues(error);
        message = validationMessage(error, issues);
        code = 'VALIDATION_FAILED';
      } else if (error.code && fastifyCodes[error.code]) {
        const known = fastifyCodes[error.code];
        status = known?.status ?? 400;
        message = known?.message ?? messages.http.badRequest;
        code = error.code;
      } else if (error instanceof SyntaxError && (error.statusCode ?? 400) === 400) {
        // JSON.parse failures of the body parser.
        status = 400;
        message = messages.http.invalidJson;
        code = 'INVALID_JSON';
      } else if (isUnstorableText(error)) {
        // Bad input that no schema refused (the statement failed: nothing was written).
        status = 400;
        message = messages.http.characterNotAllowed;
        code = 'CHARACTER_NOT_ALLOWED';
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode;
        message = genericByStatus[status] ?? messages.http.badRequest;
        code = error.code;
      } else {
        status = 500;
        message = messages.http.internal;
      }
    }

    if (status >= 500) {
      const loggable = loggableError(rawError);
      // The sanitised form is not an Error: under `error`, pino's `err` serializer would rename its type.
      request.log.error(loggable === rawError ? { err: rawError } : { error: loggable }, 'request failed');
    } else {
      request.log.info({ code, status }, message);
    }

    const body: ErrorResponse = {
      success: false,
      message,
      statusCode: status,
      ...(code && status < 500 ? { code } : {}),
      ...(code && status >= 500 && rawError instanceof AppError ? { code } : {}),
      requestId: String(request.id),
      ...(issues ? { issues } : {}),
    };
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}
