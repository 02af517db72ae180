import type { LookupAddress } from 'node:dns';
import type { Agent, Dispatcher } from 'undici';
import { guardedLookup } from '../http/guarded-lookup.ts';
import { loadUndiciAgent } from '../lib/undici.ts';
import { MAX_CHECK_TIMEOUT_MS } from './check-timing.ts';
import { createCachedLookup, type CachedLookup } from './dns-cache.ts';
import { awaitPeer, type HttpPeer, type PeerWaiter } from './http-peer.ts';
import { literalAddress, type TargetPolicy } from './metadata-targets.ts';
import { realTimers, type MonotonicTimers, type TimerHandle } from './monotonic-timers.ts';

/** What one check found: up or down, the response time (null when no complete answer) and why it failed. */
export interface CheckOutcome {
  up: boolean;
  responseTime: number | null;
  error: string | null;
  /** Set when the target policy refused the address: nothing was connected to. */
  refused?: true;
  /** The final answer's status, when one arrived (conditions read it as [STATUS]). */
  status?: number;
  /** The final answer's body as text, kept only when the target asks for it (a [BODY] condition). */
  body?: string;
  /** The address the final answer came from, read only when the target asks for it ([IP]). */
  ip?: string;
  /** HTTPS: ms until the certificate of the final answer's connection expires, when the target asks for it. */
  certificateExpirationMs?: number;
}

/** The `error` of a check that reached its deadline. */
export const CHECK_TIMEOUT = 'timeout';

/** A parsed check address, kept per service so a check does not re-parse its URL. */
export interface CheckTarget {
  origin: string;
  path: string;
  /** The URL's hostname, checked against the target policy when it is an IP literal (those are not resolved). */
  host: string;
  /** The service's own request (issue 16); absent: a plain GET whose body is read and dropped. */
  request?: CheckRequest;
}

/** What an HTTP check sends, and whether it keeps the body for its conditions. */
export interface CheckRequest {
  method: string;
  headers: Record<string, string>;
  body: string | null;
  keepBody: boolean;
  /** Read the answer's connection: its address and, over HTTPS, its certificate's expiry (see http-peer.ts). */
  keepPeer: boolean;
}

export interface HttpCheckerOptions {
  /** Bytes read of a body before the check gives up on it (it is never kept). */
  bodyCapBytes?: number;
  maxRedirects?: number;
  /** Idle keep-alive time of pooled connections; servers' own Keep-Alive hints still shorten it. */
  keepAliveMs?: number;
  /** Name resolution for new connections (tests inject one); default: the cached system resolver. */
  lookup?: CachedLookup;
  /** Deadlines and durations (tests pass manual timers); default: performance.now() and Node's timers. */
  timers?: MonotonicTimers;
  /** Addresses checks may connect to (literal or resolved); default: any. */
  policy?: TargetPolicy;
  /** Wall-clock ms, for the time left on a certificate; default Date.now. */
  wallNow?: () => number;
  /**
   * Tests: the certificates HTTPS checks trust instead of the system's roots (a self-signed one made by the
   * test). Production trusts the system store (plus NODE_EXTRA_CA_CERTS).
   */
  trustedCertificates?: string[];
}

/** A connection the target policy refused; its message is the reason stored with the check. */
export class TargetRefusedError extends Error {
  override name = 'TargetRefusedError';
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HEADERS = { 'user-agent': 'HomelabDashboard-Monitor/1.0', accept: '*/*' };

/** Parses a service URL into a check target; null for anything but http(s). */
export function toCheckTarget(url: string, request?: CheckRequest): CheckTarget | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    const target: CheckTarget = {
      origin: parsed.origin,
      path: `${parsed.pathname}${parsed.search}`,
      host: parsed.hostname,
    };
    if (request) target.request = request;
    return target;
  } catch {
    return null;
  }
}

/**
 * One check: the undici dispatch handler of every hop plus the deadline. It settles exactly once, at the end of
 * the final answer, on an error, or at the deadline, whichever comes first; later callbacks are ignored and a
 * request still connecting when the deadline passed is aborted as soon as undici hands it over.
 */
class Check implements Dispatcher.DispatchHandler, PeerWaiter {
  #controller: Dispatcher.DispatchController | null = null;
  #settled = false;
  #status = 0;
  #location: string | null = null;
  #bytes = 0;
  #chunks: Buffer[] | null = null;
  #peer: HttpPeer | null = null;
  #redirects = 0;
  #current: CheckTarget;
  readonly #timer: TimerHandle;
  readonly #startedAt: number;

  constructor(
    private readonly checker: HttpChecker,
    target: CheckTarget,
    timeoutMs: number,
    private readonly done: (outcome: CheckOutcome) => void,
  ) {
    this.#current = target;
    this.#startedAt = checker.timers.now();
    this.#timer = checker.timers.setTimeout(() => this.#fail(CHECK_TIMEOUT), timeoutMs);
    this.#dispatch();
  }

  /** Ends the check now (monitor shutdown or a deleted service). */
  cancel(): void {
    this.#fail('cancelled');
  }

  #dispatch(): void {
    this.#status = 0;
    this.#location = null;
    this.#bytes = 0;
    this.#chunks = this.#current.request?.keepBody ? [] : null;
    this.#peer = null;
    this.#controller = null;
    // IP literals are connected to without a lookup, so the lookup's guard never sees them: checked here.
    const policy = this.checker.policy;
    const literal = literalAddress(this.#current.host);
    if (policy && literal !== null && !policy.allows(literal)) {
      this.#fail(policy.refusal(literal, literal), true);
      return;
    }
    try {
      const request = this.#current.request;
      this.checker.agent.dispatch(
        request
          ? {
              origin: this.#current.origin,
              path: this.#current.path,
              method: request.method,
              headers: { ...HEADERS, ...request.headers },
              body: request.body,
            }
          : { origin: this.#current.origin, path: this.#current.path, method: 'GET', headers: HEADERS },
        this,
      );
    } catch (error) {
      this.#fail(error instanceof Error ? error.message : 'dispatch failed');
    }
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    if (this.#settled) {
      controller.abort(new Error('check already ended'));
      return;
    }
    this.#controller = controller;
    // The request is being written now: the connection it goes out on is the one its answer comes back on.
    if (this.#current.request?.keepPeer) awaitPeer(this);
  }

  /** PeerWaiter: the request as dispatched, and what its connection says. */
  get origin(): string {
    return this.#current.origin;
  }

  get path(): string {
    return this.#current.path;
  }

  peer(peer: HttpPeer): void {
    this.#peer = peer;
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, unknown>,
  ): void {
    this.#status = statusCode;
    const location = headers.location;
    if (REDIRECT_STATUSES.has(statusCode)) {
      this.#location = typeof location === 'string' ? location : Array.isArray(location) ? String(location[0]) : null;
    }
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#settled) return;
    this.#bytes += chunk.length;
    // Endless or huge bodies (compression bombs included: nothing is decompressed) end the check at the cap.
    if (this.#bytes > this.checker.bodyCapBytes) this.#fail('body over cap');
    else if (this.#chunks && this.#location === null) this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#settled) return;
    if (this.#location !== null) {
      this.#redirect(this.#location);
      return;
    }
    const outcome: CheckOutcome = {
      up: this.#status >= 200 && this.#status < 400,
      responseTime: this.#elapsed(),
      error: this.#status >= 400 ? `HTTP ${this.#status}` : null,
      status: this.#status,
    };
    if (this.#chunks) outcome.body = Buffer.concat(this.#chunks).toString('utf8');
    if (this.#peer) {
      if (this.#peer.ip !== undefined) outcome.ip = this.#peer.ip;
      const validTo = this.#peer.certificateValidTo;
      if (validTo !== undefined) outcome.certificateExpirationMs = validTo - this.checker.wallNow();
    }
    this.#settle(outcome);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.#fail(withoutRuntimeHint(error.message) || error.name, isRefusal(error));
  }

  #redirect(location: string): void {
    if (this.#redirects >= this.checker.maxRedirects) {
      this.#fail('too many redirects');
      return;
    }
    let next: URL;
    try {
      next = new URL(location, `${this.#current.origin}${this.#current.path}`);
    } catch {
      this.#fail('bad redirect location');
      return;
    }
    // 307 and 308 repeat the request; the others continue with a plain GET (as browsers do).
    const request = this.#current.request;
    const repeat = this.#status === 307 || this.#status === 308;
    const target = toCheckTarget(
      next.href,
      request && (repeat ? request : { ...request, method: request.method === 'HEAD' ? 'HEAD' : 'GET', body: null }),
    );
    if (!target) {
      this.#fail('redirect to a non-http(s) address');
      return;
    }
    this.#redirects += 1;
    this.#current = target;
    this.#dispatch();
  }

  #elapsed(): number {
    // Monotonic time: a wall-clock jump never yields a negative duration.
    return Math.max(0, Math.round(this.checker.timers.now() - this.#startedAt));
  }

  #fail(reason: string, refused = false): void {
    if (this.#settled) return;
    this.#settle(
      refused
        ? { up: false, responseTime: null, error: reason, refused }
        : { up: false, responseTime: null, error: reason },
    );
    this.#controller?.abort(new Error(reason));
  }

  #settle(outcome: CheckOutcome): void {
    if (this.#settled) return;
    this.#settled = true;
    this.checker.timers.clearTimeout(this.#timer);
    this.done(outcome);
  }
}

/**
 * Node 24 appends advice for its own command line to certificate errors ("self-signed certificate; if the root CA is
 * installed locally, try running Node.js with --use-system-ca"): meaningless on a status card, and it made the same
 * failure read differently per Node version.
 */
export function withoutRuntimeHint(message: string): string {
  return message.replace(/; if the root CA is installed locally, try running Node\.js with --use-system-ca$/, '');
}

/** True for the guard's refusal, however the connection layer wrapped it. */
export function isRefusal(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof TargetRefusedError) return true;
  }
  return false;
}

/** The connect-time lookup: cached, and guarded by the target policy when there is one. */
export function connectLookup(lookup: CachedLookup, policy: TargetPolicy | undefined): CachedLookup {
  if (!policy) return lookup;
  return guardedLookup(
    (hostname, options, callback) =>
      lookup(hostname, options, (error, addresses) => callback(error, addresses as LookupAddress[])),
    (address) => policy.allows(address),
    (hostname, address) => new TargetRefusedError(policy.refusal(hostname, address)),
  );
}

/** HTTP(S) GET checks over keep-alive connection pools shared per origin, with cached DNS. */
export class HttpChecker {
  readonly bodyCapBytes: number;
  readonly maxRedirects: number;
  readonly policy: TargetPolicy | undefined;
  readonly timers: MonotonicTimers;
  readonly wallNow: () => number;
  readonly #agentOptions: Agent.Options;
  #agent: Agent | null = null;
  #closed = false;

  constructor(options: HttpCheckerOptions = {}) {
    this.bodyCapBytes = options.bodyCapBytes ?? 1024 * 1024;
    this.maxRedirects = options.maxRedirects ?? 5;
    this.policy = options.policy;
    this.timers = options.timers ?? realTimers;
    this.wallNow = options.wallNow ?? Date.now;
    const keepAliveMs = options.keepAliveMs ?? 60_000;
    this.#agentOptions = {
      keepAliveTimeout: keepAliveMs,
      keepAliveMaxTimeout: keepAliveMs,
      // Our own deadline ends every check; these are only a backstop.
      headersTimeout: MAX_CHECK_TIMEOUT_MS,
      bodyTimeout: MAX_CHECK_TIMEOUT_MS,
      connect: {
        timeout: MAX_CHECK_TIMEOUT_MS,
        lookup: connectLookup(options.lookup ?? createCachedLookup(), options.policy),
        ...(options.trustedCertificates ? { ca: options.trustedCertificates } : {}),
      },
    };
  }

  /**
   * The connection pools, made at the first check: a server without services never loads undici (see
   * lib/undici.ts). A closed checker has none, and dispatching on it throws (the check fails at once).
   */
  get agent(): Agent {
    if (this.#closed) throw new Error('the checker is closed');
    this.#agent ??= new (loadUndiciAgent())(this.#agentOptions);
    return this.#agent;
  }

  /** Starts a check; `done` is called exactly once, at the latest after `timeoutMs`. Returns a canceller. */
  check(target: CheckTarget, timeoutMs: number, done: (outcome: CheckOutcome) => void): { cancel(): void } {
    return new Check(this, target, timeoutMs, done);
  }

  /** True once closed: a closed checker's pools are gone, so a restarted monitor makes a new checker. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Drops every pooled connection and in-flight request. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#agent?.destroy();
  }
}
