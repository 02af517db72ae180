import dgram from 'node:dgram';
import net from 'node:net';
import { randomInt } from 'node:crypto';
import type { DnsType } from '#shared/schemas/service-check';
import type { CheckFacts } from './conditions/evaluate.ts';
import { CHECK_TIMEOUT } from './http-checker.ts';
import { literalAddress, type TargetPolicy } from '../lib/address-policy.ts';
import { realTimers, type MonotonicTimers, type TimerHandle } from './monotonic-timers.ts';
import { failedObservation, type SocketObservation } from './socket-checker.ts';

/** A `dns://resolver[:port]` target with the service's query, parsed once per service change. */
export interface DnsTarget {
  server: string;
  port: number;
  name: string;
  type: DnsType;
}

const TYPE_CODES: Record<DnsType, number> = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  PTR: 12,
  MX: 15,
  TXT: 16,
  AAAA: 28,
  SRV: 33,
  CAA: 257,
};

const RCODES = [
  'NOERROR',
  'FORMERR',
  'SERVFAIL',
  'NXDOMAIN',
  'NOTIMP',
  'REFUSED',
  'YXDOMAIN',
  'YXRRSET',
  'NXRRSET',
  'NOTAUTH',
  'NOTZONE',
];

/**
 * Parses a dns:// URL (the resolver must be an IP address, in any spelling: the non-special URL keeps the host as
 * typed, so it is read here as the address the datagrams go to) with its query; null when it is not one.
 */
export function toDnsTarget(url: string, query: { name: string; type: DnsType } | null): DnsTarget | null {
  if (!query) return null;
  try {
    const parsed = new URL(url);
    const server = literalAddress(parsed.hostname);
    if (parsed.protocol !== 'dns:' || server === null) return null;
    return { server, port: parsed.port === '' ? 53 : Number(parsed.port), name: query.name, type: query.type };
  } catch {
    return null;
  }
}

/** The query message: a random id, recursion desired, one question of class IN. */
export function encodeQuery(id: number, name: string, type: DnsType): Buffer {
  const labels = name
    .replace(/\.$/, '')
    .split('.')
    .filter((label) => label !== '');
  const parts: Buffer[] = [Buffer.from([id >> 8, id & 0xff, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0])];
  for (const label of labels) {
    const bytes = Buffer.from(label, 'ascii');
    parts.push(Buffer.from([bytes.length]), bytes);
  }
  const code = TYPE_CODES[type];
  parts.push(Buffer.from([0, code >> 8, code & 0xff, 0, 1]));
  return Buffer.concat(parts);
}

/** The offset just past a (possibly compressed) name starting at `offset`; throws past the end. */
function skipName(message: Buffer, offset: number): number {
  for (let at = offset; ;) {
    const length = message[at];
    if (length === undefined) throw new RangeError('name runs past the message');
    if (length === 0) return at + 1;
    if ((length & 0xc0) === 0xc0) return at + 2;
    at += length + 1;
  }
}

function ipv6Text(bytes: Buffer): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i));
  // RFC 5952: the longest run of two or more zero groups becomes "::".
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < 8 && groups[end] === 0) end += 1;
    if (end - i > bestLength) [bestStart, bestLength] = [i, end - i];
    i = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** What an answer says: its id, its response code and the first address it holds (A or AAAA). */
export function decodeAnswer(message: Buffer): { id: number; rcode: string; ip: string | undefined } | null {
  if (message.length < 12 || (message.readUInt8(2) & 0x80) === 0) return null;
  const id = message.readUInt16BE(0);
  const code = message.readUInt8(3) & 0x0f;
  const rcode = RCODES[code] ?? `RCODE${code}`;
  let ip: string | undefined;
  try {
    let offset = 12;
    for (let i = message.readUInt16BE(4); i > 0; i -= 1) offset = skipName(message, offset) + 4;
    for (let i = message.readUInt16BE(6); i > 0 && ip === undefined; i -= 1) {
      offset = skipName(message, offset);
      const type = message.readUInt16BE(offset);
      const length = message.readUInt16BE(offset + 8);
      const data = message.subarray(offset + 10, offset + 10 + length);
      if (type === 1 && length === 4) ip = [...data].join('.');
      else if (type === 28 && length === 16) ip = ipv6Text(data);
      offset += 10 + length;
    }
  } catch {
    // A truncated or malformed answer section still has a response code.
  }
  return { id, rcode, ip };
}

interface Pending {
  target: DnsTarget;
  finish: (observation: SocketObservation) => void;
  startedAt: number;
}

export interface DnsCheckerOptions {
  timers?: MonotonicTimers;
  policy?: TargetPolicy;
}

/**
 * DNS checks over UDP: one unconnected socket per address family shared by every check (ids tell answers apart),
 * so a check costs one datagram each way and no socket set-up. Answers are taken only from the queried
 * resolver's address and port, for an id in flight.
 */
export class DnsChecker {
  readonly #timers: MonotonicTimers;
  readonly #policy: TargetPolicy | undefined;
  readonly #pending = new Map<number, Pending>();
  readonly #sockets = new Map<'udp4' | 'udp6', dgram.Socket>();
  #closed = false;

  constructor(options: DnsCheckerOptions = {}) {
    this.#timers = options.timers ?? realTimers;
    this.#policy = options.policy;
  }

  check(target: DnsTarget, timeoutMs: number, done: (observation: SocketObservation) => void): { cancel(): void } {
    let settled = false;
    let id = -1;
    let timer: TimerHandle | null = null;
    const finish = (observation: SocketObservation) => {
      if (settled) return;
      settled = true;
      if (timer) this.#timers.clearTimeout(timer);
      if (this.#pending.get(id)?.finish === finish) this.#pending.delete(id);
      done(observation);
    };
    const fail = (error: string, refused = false) => finish(failedObservation(error, refused));
    if (this.#closed) {
      fail('the checker is closed');
      return { cancel: () => undefined };
    }
    if (this.#policy && !this.#policy.allows(target.server)) {
      fail(this.#policy.refusal(target.server, target.server), true);
      return { cancel: () => undefined };
    }
    if (this.#pending.size >= 0xffff) {
      fail('too many DNS checks in flight');
      return { cancel: () => undefined };
    }
    do id = randomInt(0x10000);
    while (this.#pending.has(id));
    this.#pending.set(id, { target, finish, startedAt: this.#timers.now() });
    timer = this.#timers.setTimeout(() => fail(CHECK_TIMEOUT), timeoutMs);
    this.#socket(net.isIPv6(target.server) ? 'udp6' : 'udp4').send(
      encodeQuery(id, target.name, target.type),
      target.port,
      target.server,
      (error) => {
        if (error) fail(error.message);
      },
    );
    return { cancel: () => fail('cancelled') };
  }

  #socket(family: 'udp4' | 'udp6'): dgram.Socket {
    let socket = this.#sockets.get(family);
    if (socket) return socket;
    socket = dgram.createSocket(family);
    socket.on('message', (message, remote) => this.#answer(message, remote));
    // A send error on an unconnected socket (ICMP unreachable is not reported on Linux) ends only that check.
    socket.on('error', () => undefined);
    socket.unref();
    this.#sockets.set(family, socket);
    return socket;
  }

  #answer(message: Buffer, remote: dgram.RemoteInfo): void {
    const answer = decodeAnswer(message);
    if (!answer) return;
    const pending = this.#pending.get(answer.id);
    // Both texts canonical: the target's from the parser, the sender's as the parser writes it too.
    const from = literalAddress(remote.address);
    if (!pending || pending.target.server !== from || pending.target.port !== remote.port) return;
    const facts: CheckFacts = {
      connected: true,
      responseTime: Math.max(0, Math.round(this.#timers.now() - pending.startedAt)),
      dnsRcode: answer.rcode,
    };
    if (answer.ip !== undefined) facts.ip = answer.ip;
    pending.finish({ error: null, facts });
  }

  /** Ends checks in flight and closes the sockets. */
  close(): void {
    this.#closed = true;
    for (const pending of [...this.#pending.values()]) pending.finish(failedObservation('cancelled'));
    for (const socket of this.#sockets.values()) socket.close();
    this.#sockets.clear();
  }
}
