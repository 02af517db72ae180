import net from 'node:net';
import tls from 'node:tls';
import type { CheckFacts } from './conditions/evaluate.ts';
import { CHECK_TIMEOUT, connectLookup, isRefusal } from './http-checker.ts';
import type { CachedLookup } from './dns-cache.ts';
import { createCachedLookup } from './dns-cache.ts';
import { literalAddress, type TargetPolicy } from '../lib/address-policy.ts';
import { realTimers, type MonotonicTimers } from './monotonic-timers.ts';

/** A `tcp://host:port` or `tls://host:port` target, parsed once per service change. */
export interface SocketTarget {
  host: string;
  port: number;
  tls: boolean;
  /** TLS: a certificate that does not verify still counts as connected (self-signed homelab certificates). */
  insecure: boolean;
}

/** What a connect or handshake found; `error` is set when it failed, `facts` feed the conditions. */
export interface SocketObservation {
  error: string | null;
  refused?: true;
  facts: CheckFacts;
}

export interface SocketCheckerOptions {
  lookup?: CachedLookup;
  timers?: MonotonicTimers;
  policy?: TargetPolicy;
  /** Wall-clock ms, for the time left on a certificate. */
  wallNow?: () => number;
}

/** The observation of an exchange that failed before connecting (refused: the target policy said no). */
export function failedObservation(error: string, refused = false): SocketObservation {
  return refused
    ? { error, refused: true, facts: { connected: false, responseTime: null } }
    : { error, facts: { connected: false, responseTime: null } };
}

/**
 * Parses a tcp:// or tls:// URL; null for anything else. The host of these non-special URLs is not canonicalised
 * by URL parsing, so an IP address in another spelling (`2852039166`, `0xa9fea9fe`) becomes its canonical text
 * here: the check connects to the very address the target policy checked, without asking a resolver.
 */
export function toSocketTarget(url: string, insecure: boolean): SocketTarget | null {
  try {
    const parsed = new URL(url);
    if ((parsed.protocol !== 'tcp:' && parsed.protocol !== 'tls:') || parsed.port === '') return null;
    return {
      host: literalAddress(parsed.hostname) ?? parsed.hostname,
      port: Number(parsed.port),
      tls: parsed.protocol === 'tls:',
      insecure,
    };
  } catch {
    return null;
  }
}

/**
 * TCP connect and TLS handshake checks: one short-lived connection each, closed as soon as it is established (no
 * bytes are sent). Names resolve through the monitor's cached, policy-guarded lookup like HTTP checks.
 */
export class SocketChecker {
  readonly #lookup: CachedLookup;
  readonly #timers: MonotonicTimers;
  readonly #policy: TargetPolicy | undefined;
  readonly #wallNow: () => number;

  constructor(options: SocketCheckerOptions = {}) {
    this.#policy = options.policy;
    this.#lookup = connectLookup(options.lookup ?? createCachedLookup(), options.policy);
    this.#timers = options.timers ?? realTimers;
    this.#wallNow = options.wallNow ?? Date.now;
  }

  /** Starts a check; `done` is called exactly once, at the latest after `timeoutMs`. Returns a canceller. */
  check(target: SocketTarget, timeoutMs: number, done: (observation: SocketObservation) => void): { cancel(): void } {
    const startedAt = this.#timers.now();
    let settled = false;
    let socket: net.Socket | null = null;
    const finish = (observation: SocketObservation) => {
      if (settled) return;
      settled = true;
      this.#timers.clearTimeout(timer);
      socket?.destroy();
      done(observation);
    };
    const fail = (error: string, refused = false) => finish(failedObservation(error, refused));
    const timer = this.#timers.setTimeout(() => fail(CHECK_TIMEOUT), timeoutMs);

    const literal = literalAddress(target.host);
    if (this.#policy && literal !== null && !this.#policy.allows(literal)) {
      fail(this.#policy.refusal(literal, literal), true);
      return { cancel: () => undefined };
    }
    const common = { host: target.host, port: target.port, lookup: this.#lookup };
    const connected = () => {
      const facts: CheckFacts = {
        connected: true,
        responseTime: Math.max(0, Math.round(this.#timers.now() - startedAt)),
        ip: socket?.remoteAddress,
      };
      let error: string | null = null;
      if (socket instanceof tls.TLSSocket) {
        const certificate = socket.getPeerCertificate();
        const expires = certificate.valid_to ? Date.parse(certificate.valid_to) : NaN;
        if (Number.isFinite(expires)) facts.certificateExpirationMs = expires - this.#wallNow();
        if (!socket.authorized && !target.insecure) {
          error = `certificate not trusted: ${String(socket.authorizationError)}`;
        }
      }
      finish({ error, facts });
    };
    socket = target.tls
      ? tls.connect({
          ...common,
          // SNI needs a name; IP literals are sent none.
          ...(literal === null ? { servername: target.host } : {}),
          // Verified below instead: an untrusted certificate is a stated failure, its expiry still read.
          rejectUnauthorized: false,
        })
      : net.connect(common);
    socket.once(target.tls ? 'secureConnect' : 'connect', connected);
    socket.once('error', (error: NodeJS.ErrnoException) =>
      fail(error.message || (error.code ?? 'connection failed'), isRefusal(error)),
    );
    return { cancel: () => fail('cancelled') };
  }
}
