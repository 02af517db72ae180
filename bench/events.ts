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
 * The streams are read in this process, so the last arrival includes the time this process takes to read 1,000
 * sockets (a few ms): the figure is an upper bound of the server's own. --smoke: 20 streams, 3 rounds, records
 * nothing. Never part of `npm test`.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { percentile, rssMib } from './process-stats.ts';
import { recordResult } from './results.ts';
import { startServerProcess, tempDataDir, type ServerProcess } from '../tests/helpers/server-process.ts';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const smoke = args.includes('--smoke');
const numbers = args.filter((arg) => !arg.startsWith('--')).map(Number);
const streamCount = smoke ? 20 : (numbers[0] ?? 1000);
const rounds = smoke ? 3 : (numbers[1] ?? 20);
const STREAMS_PER_ACCOUNT = 10;
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

/** One open event stream; `onData` gets each chunk with the time it was read. */
function openStream(server: ServerProcess, cookie: string, onData: (text: string, at: number) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(
      `${server.baseUrl}/api/events`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/events: ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let first = true;
        response.on('data', (text: string) => {
          const at = performance.now();
          onData(text, at);
          if (first) {
            first = false;
            resolve(request);
          }
        });
      },
    );
    request.on('error', reject);
  });
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
const requests: http.ClientRequest[] = [];
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
  // Per stream and round: when the expected event arrived (NaN until then).
  const arrivals = Array.from({ length: streamCount }, () => Number.NaN);
  let expected = '';
  for (let i = 0; i < streamCount; i += 1) {
    const stream = i;
    let tail = '';
    const cookie = cookies[Math.floor(i / STREAMS_PER_ACCOUNT)] ?? '';
    requests.push(
      await openStream(server, cookie, (text, at) => {
        // The event's data, e.g. {"id":1,"status":false,...}; a frame may be split between two reads.
        const seen = tail + text;
        if (expected && Number.isNaN(arrivals[stream]) && seen.includes(expected)) arrivals[stream] = at;
        tail = seen.slice(-64);
      }),
    );
  }
  const rssAfter = await settledRss(pid);
  const memoryMib = rssAfter - rssBefore;

  const toLast: number[] = [];
  const toFirst: number[] = [];
  let up = true;
  for (let round = 0; round < rounds; round += 1) {
    up = !up;
    arrivals.fill(Number.NaN);
    expected = `"id":${serviceId},"status":${up}`;
    target.flip(up);
    const deadline = Date.now() + 30_000;
    while (arrivals.some(Number.isNaN)) {
      if (Date.now() > deadline) throw new Error(`round ${round}: the change did not reach every stream within 30 s`);
      await sleep(20);
    }
    const from = target.firstAnswerAt();
    toLast.push(Math.max(...arrivals) - from);
    toFirst.push(Math.min(...arrivals) - from);
  }
  toLast.sort((a, b) => a - b);
  toFirst.sort((a, b) => a - b);

  console.log(`${streamCount} event streams over ${cookies.length} accounts, ${rounds} status changes`);
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
        'timed from the check that sees the change to the event on the last stream.',
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
  for (const request of requests) request.destroy();
  await server?.stop();
  await target.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
