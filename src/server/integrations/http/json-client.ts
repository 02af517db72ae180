import dns from 'node:dns';
import type { Agent } from 'undici';
import type { z } from 'zod';
import { guardedLookup } from '../../http/guarded-lookup.ts';
import { loadUndici } from '../../lib/undici.ts';
import { literalAddress, type TargetPolicy } from '../../monitor/metadata-targets.ts';

/** Why a call to an outside system failed. Its message is safe to show to administrators: secrets are redacted. */
export type IntegrationErrorKind =
  /** Not configured (no URL or credentials): nothing was sent. */
  | 'not_configured'
  /** No answer within the time-out. */
  | 'timeout'
  /** Connection refused, DNS failure, reset. */
  | 'unreachable'
  /** An HTTP status outside 2xx. */
  | 'http_status'
  /** The answer was not JSON, too large, or not of the expected shape. */
  | 'bad_response'
  /** The system answered and said no (wrong password, an action it refused); `message` carries its reason. */
  | 'refused';

export class IntegrationError extends Error {
  constructor(
    readonly system: string,
    readonly kind: IntegrationErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'IntegrationError';
  }
}

export interface JsonClientOptions {
  /** A name for messages and logs, e.g. 'AMP'. */
  system: string;
  baseUrl: string;
  timeoutMs: number;
  /** Largest answer read, in bytes; a larger one is a bad response. */
  maxBytes?: number;
  /** Sent with every request (e.g. Accept, a product name). */
  headers?: Record<string, string>;
  /** Values never to appear in an error message: passwords, tokens, session ids. */
  secrets?: () => readonly string[];
  /**
   * Which addresses may be connected to. Checked on the address actually connected to (IP literals before
   * dispatch, names in the connection's own lookup), so a name cannot resolve around it. Refusals are `refused`.
   */
  guard?: TargetPolicy;
}

export interface JsonRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Validates the parsed answer: our types begin at this edge. */
  schema: z.ZodType<T>;
}

export interface JsonAnswer<T> {
  status: number;
  /** Some protocols answer in headers too (Plex: X-Plex-Container-Total-Size). */
  headers: Headers;
  data: T;
}

/** A request whose answer is not JSON (images, XML): read as bytes or text under the same rules. */
export interface RawRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  /** Sent as JSON when given. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The Accept header (default any type). */
  accept?: string;
  /** A smaller cap than the client's for this one answer (e.g. an image); a larger answer is a bad response. */
  maxBytes?: number;
}

export interface RawAnswer<B> {
  status: number;
  headers: Headers;
  body: B;
}

const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

/** Replaces every secret in `text` with '[redacted]' (also its URL-encoded form). */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) result = result.replaceAll(form, '[redacted]');
  }
  return result;
}

/**
 * Validates a value already read from a system (for protocols that unwrap or inspect answers before their
 * final shape is known); throws a `bad_response` IntegrationError naming the first problem.
 */
export function parseAnswer<T>(system: string, schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new IntegrationError(
    system,
    'bad_response',
    `${system}: unexpected answer from ${what}${where}: ${issue?.message ?? 'invalid'}`,
  );
}

async function readCapped(response: Response, maxBytes: number, fail: (message: string) => never): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    // Unread, the body would hold the connection until the time-out.
    await response.body?.cancel();
    fail(`answer too large (${declared} bytes)`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      fail(`answer larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The one JSON HTTP client every integration uses: one time-out per call (connect to last byte), a capped
 * answer, JSON parsed and validated with zod at the edge, typed errors, and secrets kept out of every message.
 * HTTP statuses outside 2xx throw unless the caller's schema is meant for them (`acceptStatuses`).
 */
export class JsonClient {
  readonly #options: JsonClientOptions;
  /** The connection pool that applies the guard; none without a guard (Node's global fetch pool is used). */
  readonly #agent: Agent | null;

  constructor(options: JsonClientOptions) {
    this.#options = options;
    const { guard, system } = options;
    this.#agent = guard
      ? new (loadUndici().Agent)({
          connect: {
            lookup: guardedLookup(
              (hostname, lookupOptions, callback) => dns.lookup(hostname, lookupOptions, callback),
              (address) => guard.allows(address),
              (hostname, address) =>
                new IntegrationError(system, 'refused', `${system}: ${guard.refusal(hostname, address)}`),
            ),
          },
        })
      : null;
  }

  /** Closes the guarded connection pool (kept-alive connections included). */
  async close(): Promise<void> {
    await this.#agent?.close();
  }

  get system(): string {
    return this.#options.system;
  }

  /** Sends one request and returns the validated answer. */
  async request<T>(request: JsonRequest<T>, acceptStatuses: readonly number[] = []): Promise<JsonAnswer<T>> {
    const answer = await this.#send({ ...request, accept: 'application/json' }, acceptStatuses);
    const text = answer.body.toString('utf8');
    let json: unknown;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch {
      return this.#fail('bad_response', `${answer.path} did not answer JSON`, answer.status);
    }
    return {
      status: answer.status,
      headers: answer.headers,
      data: parseAnswer(this.system, request.schema, json, answer.path),
    };
  }

  /** Sends one request and returns the answer's bytes (images), with the same time-out, cap and errors. */
  async requestBytes(request: RawRequest, acceptStatuses: readonly number[] = []): Promise<RawAnswer<Buffer>> {
    const { status, headers, body } = await this.#send(request, acceptStatuses);
    return { status, headers, body };
  }

  /** Sends one request and returns the answer as UTF-8 text (XML), with the same time-out, cap and errors. */
  async requestText(request: RawRequest, acceptStatuses: readonly number[] = []): Promise<RawAnswer<string>> {
    const { status, headers, body } = await this.#send(request, acceptStatuses);
    return { status, headers, body: body.toString('utf8') };
  }

  /** Throws an IntegrationError of this system, with every secret redacted from its message. */
  #fail(kind: IntegrationErrorKind, message: string, status?: number): never {
    const { system } = this.#options;
    throw new IntegrationError(system, kind, redact(`${system}: ${message}`, this.#options.secrets?.() ?? []), status);
  }

  /**
   * The one transport of every request: URL, headers, guard, time-out (connect to last byte), capped read, and
   * statuses outside 2xx (unless accepted) as `http_status` errors.
   */
  async #send(request: RawRequest, acceptStatuses: readonly number[]): Promise<RawAnswer<Buffer> & { path: string }> {
    const { timeoutMs } = this.#options;
    const fail = this.#fail.bind(this);
    let url: URL;
    try {
      url = new URL(request.path.replace(/^\//, ''), this.#options.baseUrl.replace(/\/*$/, '/'));
    } catch {
      return fail('not_configured', `not a valid URL: ${this.#options.baseUrl}`);
    }
    for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = {
      accept: request.accept ?? '*/*',
      ...this.#options.headers,
      ...request.headers,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';

    const guard = this.#options.guard;
    const literal = literalAddress(url.hostname);
    // The connection's lookup never sees an IP literal, so the guard checks it here.
    if (guard && literal !== null && !guard.allows(literal)) {
      return fail('refused', guard.refusal(literal, literal));
    }

    const signal = AbortSignal.timeout(timeoutMs);
    const init = {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      redirect: 'error' as const,
      signal,
    };
    let response: Response;
    try {
      response = this.#agent
        ? ((await loadUndici().fetch(url, { ...init, dispatcher: this.#agent })) as unknown as Response)
        : await fetch(url, init);
    } catch (error) {
      if (signal.aborted) return fail('timeout', `no answer within ${timeoutMs} ms`);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      if (cause instanceof IntegrationError) throw cause;
      return fail('unreachable', `cannot reach ${url.origin}: ${cause?.code ?? cause?.message ?? String(error)}`);
    }
    let body: Buffer;
    try {
      const maxBytes = Math.min(request.maxBytes ?? Infinity, this.#options.maxBytes ?? DEFAULT_MAX_BYTES);
      body = await readCapped(response, maxBytes, (message) => fail('bad_response', message));
    } catch (error) {
      if (error instanceof IntegrationError) throw error;
      if (signal.aborted) return fail('timeout', `no complete answer within ${timeoutMs} ms`);
      return fail('unreachable', `the answer broke off: ${String(error)}`);
    }
    const isAccepted = response.ok || acceptStatuses.includes(response.status);
    if (!isAccepted) {
      return fail('http_status', `HTTP ${response.status} from ${url.pathname}`, response.status);
    }
    return { status: response.status, headers: response.headers, body, path: url.pathname };
  }
}
