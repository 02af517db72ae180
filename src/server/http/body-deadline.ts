import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { announcesMultipart, MAX_MULTIPART_BYTES } from './multipart-image.ts';

/**
 * How long a client may take to send a request. Without these, a client that sends its headers and then one byte
 * a second holds a connection (and a request in progress) for as long as it likes: 200 of them were all still
 * open after 130 s. Event streams (GET /api/events) are not concerned: a GET has no body, so its request is
 * complete with its headers, however long the answer then streams.
 */
export interface HttpDeadlines {
  /** From a request's first byte to the end of its headers (also a new connection that sends nothing). */
  headersMs: number;
  /** To receive a body once its headers arrived: JSON and every other body the app parses. */
  bodyMs: number;
  /**
   * The same for bodies that are larger by nature: routes that accept more than the app's body limit (the
   * configuration import) and multipart image uploads.
   */
  uploadBodyMs: number;
  /** How often Node looks for requests past their headers or whole-request deadline (its default is 30 s). */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_DEADLINES: HttpDeadlines = {
  headersMs: 10_000,
  bodyMs: 10_000,
  uploadBodyMs: 60_000,
  checkIntervalMs: 1_000,
};

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** The 408 answer's message when a body is not received within its deadline. */
export function bodyTimeoutMessage(ms: number): string {
  return `The request body was not received within ${seconds(ms)}; the connection is closed`;
}

/** The 408 answer's message when Node's own deadline (headers, or the whole request) passes. */
export const REQUEST_TIMEOUT_MESSAGE = 'The request was not received in time; the connection is closed';

/**
 * Node's server options for the deadlines: headers within headersMs, and a whole request within headersMs plus
 * uploadBodyMs. The latter is a backstop for the bodies the preParsing deadline does not watch (multipart forms,
 * which their parser reads from the raw request; bodies of requests answered before they are parsed). Fastify
 * leaves Node's request time-out off (0) unless told.
 */
export function httpServerDeadlines(
  deadlines: HttpDeadlines,
): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'http' | 'clientErrorHandler'> {
  const requestTimeout = deadlines.headersMs + Math.max(deadlines.bodyMs, deadlines.uploadBodyMs);
  return {
    requestTimeout,
    http: {
      headersTimeout: deadlines.headersMs,
      requestTimeout,
      connectionsCheckingInterval: deadlines.checkIntervalMs,
    },
    clientErrorHandler: answerClientError,
  };
}

const CLIENT_ERRORS: Record<string, [status: number, reason: string, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', REQUEST_TIMEOUT_MESSAGE],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large'],
};
const BAD_REQUEST: [number, string, string] = [400, 'Bad Request', 'The request is not valid HTTP'];

/**
 * Answers what Node finds wrong with a connection before the app sees a request (Fastify's clientErrorHandler):
 * a deadline passed, headers too large, bytes that are not HTTP. As Node itself does, it writes only when no
 * answer has started on the socket, then closes it; the body is `{ message }` like every other answer of ours.
 */
function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? BAD_REQUEST;
  this.log.debug({ err: error }, 'client connection error');
  // The answer in progress on this connection, if any (Node's own clientError default reads the same property).
  const inProgress = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inProgress?.headersSent) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** A request body that stops (with a 408 error) when its deadline passes; counts the bytes for the body limit. */
class BodyWithDeadline extends Transform {
  /** Read by Fastify's body reader for its size limit and Content-Length check. */
  receivedEncodedLength = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.receivedEncodedLength += chunk.length;
    callback(null, chunk);
  }
}

function announcesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function watchBody(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: NodeJS.ReadableStream,
  ms: number,
): BodyWithDeadline {
  const body = new BodyWithDeadline();
  // A client that goes away fails the body as it would have without this stream.
  payload.once('error', (error: Error) => body.destroy(error));
  payload.pipe(body);
  const timer = setTimeout(() => {
    if (reply.sent) return;
    request.log.info({ deadlineMs: ms }, 'request body not received in time');
    // The rest of the body is never read, so the connection cannot carry another request.
    void reply.header('connection', 'close');
    body.destroy(Object.assign(new Error(bodyTimeoutMessage(ms)), { statusCode: 408 }));
  }, ms);
  const stop = () => clearTimeout(timer);
  body.once('end', stop);
  body.once('close', stop);
  reply.raw.once('close', stop);
  return body;
}

/** The Content-Length a request announces, or null when it has none (chunked) or one that is not a number. */
function announcedLength(request: FastifyRequest): number | null {
  const length = Number(request.headers['content-length']);
  return request.headers['transfer-encoding'] === undefined && Number.isSafeInteger(length) ? length : null;
}

/**
 * After an answer sent before its request's body arrived (a 401 or 403 decided from the headers), the body is still
 * read and thrown away until its deadline: closing at once would reset a connection the client is still writing
 * to, and a client may then lose the answer (fetch in Node 24.19 and later fails with EPIPE instead of showing the
 * 403). Node itself discards an unread body once the answer is finished; this bounds how long that may take, and a
 * body not complete by then loses its connection. The connection carries the next request once the body is in.
 */
function dropUnreadBodyAfter(request: FastifyRequest, ms: number): void {
  const raw = request.raw;
  const timer = setTimeout(() => {
    if (!raw.complete) raw.socket.destroy();
  }, ms);
  timer.unref();
  raw.once('end', () => clearTimeout(timer));
  raw.socket.once('close', () => clearTimeout(timer));
}

/**
 * Gives every parsed request body a deadline from the end of its headers (a preParsing hook, so it covers every
 * content type the app parses: JSON, YAML, push bodies). An answer sent before its request's body arrived leaves the
 * body its deadline to arrive and be discarded when the body's announced length is one the route would accept;
 * otherwise (chunked, or larger than the route's limit: a body nobody will ever read) the connection closes with
 * the answer.
 */
export function registerBodyDeadline(app: FastifyInstance, deadlines: HttpDeadlines): void {
  const defaultBodyLimit = app.initialConfig.bodyLimit ?? 0;
  const deadlineFor = (request: FastifyRequest) =>
    (request.routeOptions.bodyLimit ?? 0) > defaultBodyLimit || announcesMultipart(request.headers['content-type'])
      ? deadlines.uploadBodyMs
      : deadlines.bodyMs;
  app.addHook('preParsing', async (request, reply, payload) => {
    // Already received (most small bodies arrive with their headers), nothing announced, or a multipart form,
    // which its parser reads from the raw request (Node's whole-request deadline covers it).
    if (request.raw.complete || !announcesBody(request) || announcesMultipart(request.headers['content-type'])) {
      return payload;
    }
    return watchBody(request, reply, payload, deadlineFor(request));
  });
  app.addHook('onSend', async (request, reply) => {
    if (!announcesBody(request) || request.raw.complete) return;
    // Set by a refusal that stops reading the body (an upload over its cap, a deadline passed): nothing to wait for.
    if (reply.getHeader('connection') === 'close') return;
    const length = announcedLength(request);
    // A multipart form is read by its parser up to the image cap, not by Fastify's body limit.
    const routeLimit = request.routeOptions.bodyLimit ?? defaultBodyLimit;
    const limit = announcesMultipart(request.headers['content-type']) ? MAX_MULTIPART_BYTES : routeLimit;
    if (length !== null && length <= limit) dropUnreadBodyAfter(request, deadlineFor(request));
    else void reply.header('connection', 'close');
  });
}
