/**
 * npm run bench:events -- [streams=1000] [rounds=20] [--smoke]
 *
 * The cost of live updates (issue 14, goal 1) on the built server (`npm run build` first), with a fresh SQLite
 * DATA_DIR:
 * - memory: the server's RSS before and after opening `streams` authenticated GET /api/events streams (spread
 *   over accounts of 10 streams each, the per-account limit; the accounts are registered, then approved by the
 *   superadmin). Goal: under 50 MiB for 1,000 streams.
 * - fan-out time: one service (5 s interval) checks a target of this process whose answer the benchmark flips
 *   between 200 and 503. Per round, the time from the target's first answer in the new state (the check that
 *   sees the change; its result is written right after) to the `service` event's arrival on the last of the
 *   streams, and on the first. Goal: under 50 ms to the last stream. `rounds` rounds, p50/p95/max.
 * The streams are read by READERS worker threads (bench/events-reader.mjs), so that the last arrival measures the
 * server's fan-out rather than one thread reading 1,000 sockets in turn; on a busy 2-core machine the readers still
 * compete with the server for CPU, so the figure is an upper bound of the server's own. --smoke: 20 streams,
 * 3 rounds, records nothing. Never part of `npm test`.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { percentile, rssMib } from './process-stats.ts';
import { recordResult } from './results.ts';
import { startServerProcess, tempDataDir, type ServerProcess } from '../tests/helpers/server-process.ts';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const smoke = args.includes('--smoke');
const numbers = args.filter((arg) => !arg.startsWith('--')).map(Number);
const streamCount = smoke ? 20 : (numbers[0] ?? 1000);
const rounds = smoke ? 3 : (numbers[1] ?? 20);
const STREAMS_PER_ACCOUNT = 10;
const READERS = 4;
const PASSWORD = 'bench-password-1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A target whose answer the benchmark switches; it notes when it first answered in the current state. */
async function startSwitchableTarget() {
  const state = { up: true, firstAnswerAt: 0, answered: false };
  const server = http.createServer((_request, response) => {
    if (!state.answered) {
      state.answered = true;
      state.firstAnswerAt = performance.now();
    }
    response.writeHead(state.up ? 200 : 503, { 'content-type': 'text/plain', 'content-length': '2' });
    response.end(state.up ? 'ok' : 'no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    flip(up: boolean) {
      state.up = up;
      state.answered = false;
    },
    firstAnswerAt: () => state.firstAnswerAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ');

/**
 * Registers the superadmin and `count` other accounts (each from an address of its own, as the server trusts
 * 127.0.0.1 as a proxy here: registrations are limited per address), approves them, and returns a signed-in
 * cookie for each, the superadmin's first.
 */
async function createAccounts(server: ServerProcess, count: number): Promise<string[]> {
  const register = async (i: number) => {
    const name = `bench${i}`;
    const response = await call(
      server,
      'POST',
      '/api/register',
      { username: name, email: `${name}@example.test`, password: PASSWORD },
      { 'x-forwarded-for': `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}` },
    );
    if (response.status !== 201) throw new Error(`register ${name}: ${response.status} ${await response.text()}`);
    return { id: ((await response.json()) as { id: number }).id, name, cookie: cookieOf(response) };
  };
  const superadmin = await register(0);
  const cookies = [superadmin.cookie];
  for (let i = 1; i < count; i += 1) {
    const account = await register(i);
    const approved = await call(
      server,
      'PATCH',
      `/api/users/${account.id}`,
      { id: account.id, role: 'user', approved: true },
      { cookie: superadmin.cookie },
    );
    if (approved.status !== 200) throw new Error(`approve ${account.name}: ${approved.status}`);
    const login = await call(server, 'POST', '/api/login', { username: account.name, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login ${account.name}: ${login.status}`);
    cookies.push(cookieOf(login));
  }
  return cookies;
}

/** A worker thread reading its share of the streams (see bench/events-reader.mjs). */
class StreamReader {
  readonly #worker: Worker;
  readonly #waiters: ((message: { type: string; first?: number; last?: number }) => void)[] = [];

  constructor(url: string, cookies: string[]) {
    this.#worker = new Worker(path.join(import.meta.dirname, 'events-reader.mjs'), { workerData: { url, cookies } });
    this.#worker.on('message', (message: { type: string }) => this.#waiters.shift()?.(message));
    this.#worker.on('error', (error) => {
      throw error;
    });
  }

  /** Resolves with the worker's next message. */
  next<T>(): Promise<T> {
    return new Promise((resolve) => this.#waiters.push(resolve as (message: unknown) => void));
  }

  send(message: unknown): void {
    this.#worker.postMessage(message);
  }

  close(): Promise<number> {
    this.send({ type: 'close' });
    return this.#worker.terminate();
  }
}

/** RSS of the server, the median of a few samples (it moves a little with every check and collection). */
async function settledRss(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    await sleep(400);
    samples.push(rssMib(pid));
  }
  return samples.sort((a, b) => a - b)[2] ?? 0;
}

const target = await startSwitchableTarget();
const dataDir = tempDataDir('bench-events-');
let server: ServerProcess | undefined;
const readers: StreamReader[] = [];
try {
  server = await startServerProcess({
    dataDir,
    env: { GEOIP: 'off', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' },
  });
  const pid = server.child.pid ?? 0;
  const cookies = await createAccounts(server, Math.ceil(streamCount / STREAMS_PER_ACCOUNT));
  const created = await call(
    server,
    'POST',
    '/api/services',
    { name: 'Flipping', url: `${target.url}/health`, refreshInterval: 5 },
    { cookie: cookies[0] ?? '' },
  );
  if (created.status !== 201) throw new Error(`create service: ${created.status} ${await created.text()}`);
  const serviceId = ((await created.json()) as { id: number }).id;

  const rssBefore = await settledRss(pid);
  const streamCookies = Array.from(
    { length: streamCount },
    (_, i) => cookies[Math.floor(i / STREAMS_PER_ACCOUNT)] ?? '',
  );
  for (let r = 0; r < READERS; r += 1) {
    const share = streamCookies.filter((_, i) => i % READERS === r);
    if (share.length > 0) readers.push(new StreamReader(`${server.baseUrl}/api/events`, share));
  }
  await Promise.all(readers.map((reader) => reader.next()));
  const rssAfter = await settledRss(pid);
  const memoryMib = rssAfter - rssBefore;

  const toLast: number[] = [];
  const toFirst: number[] = [];
  let up = true;
  for (let round = 0; round < rounds; round += 1) {
    up = !up;
    for (const reader of readers) reader.send({ type: 'expect', expected: `"id":${serviceId},"status":${up}` });
    const arrived = readers.map((reader) => reader.next<{ first: number; last: number }>());
    target.flip(up);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`round ${round}: the change did not reach every stream within 30 s`)),
        30_000,
      );
    });
    const times = await Promise.race([Promise.all(arrived), timeout]);
    clearTimeout(timer);
    const from = performance.timeOrigin + target.firstAnswerAt();
    toLast.push(Math.max(...times.map((time) => time.last)) - from);
    toFirst.push(Math.min(...times.map((time) => time.first)) - from);
  }
  toLast.sort((a, b) => a - b);
  toFirst.sort((a, b) => a - b);

  // The machine is shared: its load goes with the figures.
  const load = os.loadavg()[0]?.toFixed(1) ?? '?';
  console.log(
    `${streamCount} event streams over ${cookies.length} accounts, ${rounds} status changes; load average ${load}`,
  );
  console.log(
    `memory of the streams  ${memoryMib.toFixed(1)} MiB (RSS ${rssBefore.toFixed(1)} → ${rssAfter.toFixed(1)} MiB; ${((memoryMib * 1024) / streamCount).toFixed(1)} KiB per stream)`,
  );
  console.log(
    `change → last stream   p50 ${percentile(toLast, 50).toFixed(1)} ms, p95 ${percentile(toLast, 95).toFixed(1)} ms, max ${(toLast.at(-1) ?? 0).toFixed(1)} ms`,
  );
  console.log(
    `change → first stream  p50 ${percentile(toFirst, 50).toFixed(1)} ms, p95 ${percentile(toFirst, 95).toFixed(1)} ms, max ${(toFirst.at(-1) ?? 0).toFixed(1)} ms`,
  );

  if (!smoke) {
    const streams = streamCount.toLocaleString('en');
    recordResult({
      bench: 'events',
      subject: 'homelab-dashboard',
      method:
        `Built server, SQLite. RSS before and after opening ${streams} authenticated GET /api/events streams ` +
        `(${STREAMS_PER_ACCOUNT} per account); then ${rounds} times a service's target flips between 200 and 503, ` +
        `timed from the check that sees the change to the event on the last stream. Load average ${load} at the end.`,
      command: `npm run bench:events -- ${streamCount} ${rounds}`,
      figures: [
        {
          key: 'events.memory',
          label: `${streams} open event streams: memory`,
          value: Number(memoryMib.toFixed(1)),
          unit: 'MiB',
          goal: '< 50 MiB',
        },
        {
          key: 'events.fanout.p50',
          label: `A status change to all ${streams} streams: p50`,
          value: Number(percentile(toLast, 50).toFixed(1)),
          unit: 'ms',
          goal: '< 50 ms',
        },
        {
          key: 'events.fanout.p95',
          label: `A status change to all ${streams} streams: p95`,
          value: Number(percentile(toLast, 95).toFixed(1)),
          unit: 'ms',
          goal: '< 50 ms',
        },
        {
          key: 'events.fanout.max',
          label: `A status change to all ${streams} streams: max`,
          value: Number((toLast.at(-1) ?? 0).toFixed(1)),
          unit: 'ms',
          goal: '< 50 ms',
        },
      ],
    });
  }
} finally {
  await Promise.all(readers.map((reader) => reader.close()));
  await server?.stop();
  await target.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
