/**
 * npm run bench:soak -- [--minutes=60] [--smoke] [--heap]
 *
 * Memory of the built server over time (issue 14, goal 5), measured from outside as the OOM killer sees it (VmRSS of
 * the server process). Run `npm run build` first. The server starts as `npm start` runs it (scripts/server-node.mjs)
 * with a fresh DATA_DIR (SQLite, GeoIP on as by default), and the run goes through four phases:
 * 1. idle: the first account signs up, signs out and in again, loads the dashboard once (index.html, its assets,
 *    the lists), then nothing happens for a minute; RSS at the end is the idle figure;
 * 2. services: 1,000 services checked every 20 s against a local keep-alive target (bench/local-target.ts, its own
 *    process); the highest RSS over the third interval after they exist is the 1,000-services figure;
 * 3. uploads: 300 real images (PNG and JPEG, 1600 x 1200 of noise, four at a time) to POST /api/upload/service;
 *    RSS before, at the peak and 30 s after the last answer;
 * 4. soak, for --minutes: the checks go on while, together, five accounts sign in and out in a loop (successful
 *    sign-ins: no rate limit applies), clients read the lists, an upload goes in every 2 s, and 50 event streams
 *    (GET /api/events, spread over six accounts: the limit is ten per account) stay open, five of them reconnecting
 *    every 10 s.
 *    RSS is sampled every 30 s and printed as a table; at the end: start, max and end RSS, the slope after a
 *    10-minute warm-up (least squares, MiB per hour, with its standard error), the means of each 10 minutes and the
 *    errors by kind.
 * --heap: each sample also reads the server's JS heap (used) and external memory from GET /metrics (the first
 * scrape loads prom-client: a few MiB more RSS from then on, so such a run is not recorded) and the resident size
 * of glibc's brk heap from smaps: a flat JS heap under a growing RSS is native memory or allocator retention.
 * --smoke: about two minutes with smaller numbers (100 services, 30 uploads, a short idle and soak), to prove the
 * benchmark runs; it records nothing. A run with errors exits with status 1. Never part of `npm test`.
 * Diagnosis: SOAK_NODE_OPTIONS is passed to the server as NODE_OPTIONS, e.g.
 * `SOAK_NODE_OPTIONS='--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=/tmp/snaps'`, then `kill -USR2 <pid>` (the pid is
 * printed) at two moments and compare the snapshots. A snapshot costs RSS itself: such a run is for finding what
 * grows, not for the figures. SOAK_SERVER_ENV='NAME=value ...' adds to (or overrides) the server's environment, e.g.
 * to compare allocator settings (scripts/server-node.mjs); such a run is not recorded either.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { startLocalTarget } from './local-target.ts';
import { brkHeapMib, cpuMs, peakDuring, rssMib, rssParts } from './process-stats.ts';
import { recordResult, type Figure } from './results.ts';
import { startServerProcess, tempDataDir, type ServerProcess } from '../tests/helpers/server-process.ts';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const smoke = args.includes('--smoke');
const heap = args.includes('--heap');
const minutesArg = args.find((arg) => arg.startsWith('--minutes='));
const SOAK_MINUTES = minutesArg ? Number(minutesArg.slice('--minutes='.length)) : smoke ? 1 : 60;
if (!Number.isFinite(SOAK_MINUTES) || SOAK_MINUTES <= 0) throw new Error('--minutes must be a positive number');

/** Samples before this are warm-up; the slope is fitted to the rest (a third of a short soak). */
const WARM_UP_MS = Math.min(10 * 60_000, (SOAK_MINUTES * 60_000) / 3);
/** The soak's RSS is also printed as means of windows this long, each of 20 samples in a full run. */
const MEAN_WINDOW_MS = smoke ? 20_000 : 10 * 60_000;

/** A length of time as text: "20 s", "10 min". */
function duration(ms: number): string {
  return ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Number((ms / 60_000).toFixed(1))} min`;
}

const PLAN = smoke
  ? { idleMs: 10_000, services: 100, warmIntervals: 1, uploads: 30, settleMs: 10_000, sampleMs: 10_000, streams: 20 }
  : { idleMs: 60_000, services: 1000, warmIntervals: 2, uploads: 300, settleMs: 30_000, sampleMs: 30_000, streams: 50 };
const INTERVAL_S = 20;
// Six accounts: 50 streams at most nine per account, under the limit of ten even while a reconnect's old stream is
// still being released by the server.
const ACCOUNTS = 6;
const STREAMS_PER_ACCOUNT = 10;
const PASSWORD = 'soak-password-1';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const errors = new Map<string, number>();
const requests = new Map<string, number>();
let stopping = false;

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** A request as a browser with one cookie jar makes it; a failure counts as an error of `kind` (never thrown). */
class Client {
  cookie = '';
  constructor(readonly baseUrl: string) {}

  async call(kind: string, method: string, path: string, body?: unknown, form?: FormData): Promise<Answer | null> {
    const headers: Record<string, string> = { origin: this.baseUrl, 'accept-encoding': 'br, gzip' };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
        redirect: 'manual',
      });
      const cookies = response.headers
        .getSetCookie()
        .map((entry) => entry.split(';')[0] ?? '')
        .filter((entry) => entry.includes('=') && !entry.endsWith('='));
      if (cookies.length > 0) this.cookie = cookies.join('; ');
      const text = await response.text();
      count(requests, kind);
      if (response.status >= 400) count(errors, `${kind}: HTTP ${response.status}`);
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      count(errors, `${kind}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }
}

async function signUp(baseUrl: string, index: number): Promise<Client> {
  const client = new Client(baseUrl);
  const account = { username: `soak${index}`, email: `soak${index}@example.test`, password: PASSWORD };
  const answer = await client.call('register', 'POST', '/api/register', account);
  if (answer?.status !== 201) throw new Error(`register soak${index}: ${answer?.status} ${answer?.text}`);
  return client;
}

async function signIn(baseUrl: string, index: number): Promise<Client> {
  const client = new Client(baseUrl);
  const answer = await client.call('login', 'POST', '/api/login', { username: `soak${index}`, password: PASSWORD });
  if (answer?.status !== 200) throw new Error(`login soak${index}: ${answer?.status} ${answer?.text}`);
  return client;
}

/** What the browser loads for the dashboard: the page, its scripts and styles, and the lists it asks for. */
async function loadDashboard(client: Client): Promise<void> {
  const page = await client.call('dashboard', 'GET', '/');
  const assets = [...(page?.text ?? '').matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  for (const asset of assets) if (asset) await client.call('dashboard', 'GET', asset);
  for (const path of [
    '/api/settings',
    '/api/user',
    '/api/services',
    '/api/game-servers',
    '/api/services/plex/summary',
  ]) {
    await client.call('lists', 'GET', path);
  }
}

async function createServices(client: Client, targetUrl: string, total: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < total) {
        const index = (next += 1);
        const answer = await client.call('create service', 'POST', '/api/services', {
          name: `Service ${String(index).padStart(4, '0')}`,
          url: `${targetUrl}/health/${index}`,
          tooltip: index % 2 === 0 ? `Runs on host ${index % 17}` : undefined,
          refreshInterval: INTERVAL_S,
        });
        if (answer?.status !== 201) throw new Error(`create service: ${answer?.status} ${answer?.text}`);
      }
    }),
  );
}

/**
 * Real images of 1600 x 1200: a gradient with noise in every eighth row, so the PNG stays well under the upload
 * limit while each image is still a full decode and re-encode for the server.
 */
async function makeImages(): Promise<{ bytes: Buffer; type: string; name: string }[]> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  const noise = crypto.randomBytes(width * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width * 3; x += 1) {
      pixels[y * width * 3 + x] = y % 8 === 0 ? (noise[(x + y) % noise.length] ?? 0) : (x + y) & 0xff;
    }
  }
  const raw = { raw: { width, height, channels: 3 as const } };
  return [
    { bytes: await sharp(pixels, raw).png().toBuffer(), type: 'image/png', name: 'noise.png' },
    { bytes: await sharp(pixels, raw).jpeg({ quality: 90 }).toBuffer(), type: 'image/jpeg', name: 'noise.jpg' },
  ];
}

function uploadForm(image: { bytes: Buffer; type: string; name: string }): FormData {
  const form = new FormData();
  form.append('type', 'service');
  form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return form;
}

/** An open event stream that reads until it is aborted; an end the client did not ask for is an error. */
function openStream(client: Client): { abort(): void; done: Promise<void> } {
  const controller = new AbortController();
  const done = (async () => {
    try {
      const response = await fetch(`${client.baseUrl}/api/events`, {
        headers: { cookie: client.cookie, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      count(requests, 'event stream');
      if (response.status !== 200 || !response.body) {
        count(errors, `event stream: HTTP ${response.status}`);
        return;
      }
      const reader = response.body.getReader();
      while (!(await reader.read()).done) {
        // Heartbeats and events: only the stream's staying open matters here.
      }
      if (!controller.signal.aborted && !stopping) count(errors, 'event stream: ended by the server');
    } catch (error) {
      if (!controller.signal.aborted && !stopping) {
        count(errors, `event stream: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return { abort: () => controller.abort(), done };
}

interface Sample {
  atMs: number;
  rss: number;
}

/** The JS heap in use and V8's external memory of the server, in MiB, from one scrape of GET /metrics. */
async function jsMemory(admin: Client): Promise<{ heapUsed: number; external: number }> {
  const text = (await admin.call('metrics', 'GET', '/metrics'))?.text ?? '';
  const mib = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 1048576;
  return { heapUsed: mib('nodejs_heap_size_used_bytes'), external: mib('nodejs_external_memory_bytes') };
}

/**
 * Least-squares slope of RSS over time, in MiB per hour, with its standard error: the uploads every 2 s make a
 * saw-tooth of several MiB, so a slope means little without it.
 */
function slopePerHour(samples: Sample[]): { slope: number; standardError: number } {
  const n = samples.length;
  if (n < 3) return { slope: 0, standardError: Number.NaN };
  const xs = samples.map((sample) => sample.atMs / 3_600_000);
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = samples.reduce((a, sample) => a + sample.rss, 0) / n;
  let num = 0;
  let den = 0;
  samples.forEach((sample, i) => {
    const dx = (xs[i] ?? 0) - meanX;
    num += dx * (sample.rss - meanY);
    den += dx * dx;
  });
  if (den === 0) return { slope: 0, standardError: Number.NaN };
  const slope = num / den;
  const residuals = samples.reduce((a, sample, i) => a + (sample.rss - meanY - slope * ((xs[i] ?? 0) - meanX)) ** 2, 0);
  return { slope, standardError: Math.sqrt(residuals / (n - 2) / den) };
}

/** Mean RSS of each run of `size` consecutive samples (a last, shorter run is left out). */
function windowMeans(samples: Sample[], size: number): number[] {
  const means: number[] = [];
  for (let from = 0; from + size <= samples.length; from += size) {
    means.push(samples.slice(from, from + size).reduce((a, sample) => a + sample.rss, 0) / size);
  }
  return means;
}

async function soak(server: ServerProcess, clients: Client[], images: Awaited<ReturnType<typeof makeImages>>) {
  const pid = server.child.pid ?? 0;
  const started = performance.now();
  const endAt = started + SOAK_MINUTES * 60_000;
  const streams = Array.from({ length: PLAN.streams }, (_, i) => openStream(clients[i % clients.length] as Client));
  const loops: Promise<void>[] = [];
  // Sign-in loops: every account but the first, each signs in, reads its profile and the list, signs out, every second.
  for (let index = 2; index <= ACCOUNTS; index += 1) {
    loops.push(
      (async () => {
        while (performance.now() < endAt) {
          const client = new Client(server.baseUrl);
          await client.call('login', 'POST', '/api/login', { username: `soak${index}`, password: PASSWORD });
          await client.call('lists', 'GET', '/api/user');
          await client.call('lists', 'GET', '/api/services');
          await client.call('logout', 'POST', '/api/logout');
          await sleep(1_000);
        }
      })(),
    );
  }
  // List readers: two clients reading what the dashboard polls, back to back with a short pause.
  for (const client of clients.slice(0, 2)) {
    loops.push(
      (async () => {
        while (performance.now() < endAt) {
          for (const path of ['/api/services', '/api/settings', '/api/game-servers']) {
            await client.call('lists', 'GET', path);
          }
          await sleep(200);
        }
      })(),
    );
  }
  // Uploads: one every 2 s.
  loops.push(
    (async () => {
      let i = 0;
      while (performance.now() < endAt) {
        const image = images[i % images.length];
        i += 1;
        if (image) await clients[0]?.call('upload', 'POST', '/api/upload/service', undefined, uploadForm(image));
        await sleep(2_000);
      }
    })(),
  );
  // Reconnects: every 10 s five streams close and open again (Last-Event-ID is the events bench's subject).
  loops.push(
    (async () => {
      let round = 0;
      while (performance.now() < endAt) {
        await sleep(10_000);
        for (let k = 0; k < 5; k += 1) {
          const slot = (round * 5 + k) % streams.length;
          streams[slot]?.abort();
          await streams[slot]?.done;
          streams[slot] = openStream(clients[slot % clients.length] as Client);
        }
        round += 1;
      }
    })(),
  );

  const samples: Sample[] = [];
  let lastCpu = cpuMs(pid);
  let lastAt = performance.now();
  let lastRequests = 0;
  const heapHeader = heap ? '  [heap]  JS heap  external' : '';
  console.log(`\n  time   RSS MiB   anon   file  shmem${heapHeader}   CPU %   requests   errors`);
  while (endAt - performance.now() >= 1_000) {
    await sleep(Math.min(PLAN.sampleMs, endAt - performance.now()));
    const now = performance.now();
    const rss = rssMib(pid);
    const parts = rssParts(pid);
    const cpu = cpuMs(pid);
    const total = [...requests.values()].reduce((a, b) => a + b, 0);
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    samples.push({ atMs: now - started, rss });
    let heapColumns = '';
    if (heap && clients[0]) {
      const js = await jsMemory(clients[0]);
      heapColumns = `  ${[brkHeapMib(pid), js.heapUsed, js.external].map((mib) => mib.toFixed(1).padStart(7)).join('  ')}`;
    }
    console.log(
      `${(((now - started) / 60_000).toFixed(1) + ' m').padStart(7)}   ${rss.toFixed(1).padStart(7)}   ` +
        `${[parts.anon, parts.file, parts.shmem].map((mib) => mib.toFixed(1).padStart(5)).join('  ')}${heapColumns}   ` +
        `${(((cpu - lastCpu) / (now - lastAt)) * 100).toFixed(1).padStart(5)}   ${String(total - lastRequests).padStart(8)}   ${String(errorCount).padStart(6)}`,
    );
    lastCpu = cpu;
    lastAt = now;
    lastRequests = total;
  }
  stopping = true;
  await Promise.all(loops);
  for (const stream of streams) stream.abort();
  await Promise.all(streams.map((stream) => stream.done));
  return samples;
}

const target = await startLocalTarget();
const dataDir = tempDataDir('bench-soak-');
let server: ServerProcess | undefined;
try {
  const nodeOptions = process.env.SOAK_NODE_OPTIONS;
  const extraEnv = Object.fromEntries(
    (process.env.SOAK_SERVER_ENV ?? '')
      .split(/\s+/)
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const diagnosis = heap || Boolean(nodeOptions) || Object.keys(extraEnv).length > 0;
  server = await startServerProcess({
    dataDir,
    env: { LOG_LEVEL: 'warn', ...extraEnv, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) },
  });
  const pid = server.child.pid ?? 0;
  if (diagnosis) console.log(`server pid ${pid}, NODE_OPTIONS=${nodeOptions ?? ''}, env ${JSON.stringify(extraEnv)}`);
  const mode = smoke ? 'smoke' : 'full';
  console.log(
    `soak (${mode}): ${PLAN.services} services every ${INTERVAL_S} s, ${PLAN.uploads} uploads, ${SOAK_MINUTES} min soak`,
  );

  // 1. Idle.
  const owner = await signUp(server.baseUrl, 1);
  await owner.call('logout', 'POST', '/api/logout');
  const admin = await signIn(server.baseUrl, 1);
  // New accounts are approved users, so they may open event streams.
  await admin.call('settings', 'PATCH', '/api/settings', { defaultRole: 'user' });
  await loadDashboard(admin);
  await sleep(PLAN.idleMs);
  const idleRss = rssMib(pid);
  console.log(`idle: ${idleRss.toFixed(1)} MiB RSS after sign-in, one dashboard load and ${PLAN.idleMs / 1000} s`);

  // 2. Services.
  await createServices(admin, target.url, PLAN.services);
  await sleep(PLAN.warmIntervals * INTERVAL_S * 1000);
  const servicesRss = await peakDuring(pid, sleep(INTERVAL_S * 1000));
  console.log(
    `${PLAN.services} services: ${servicesRss.toFixed(1)} MiB RSS, the most over interval ${PLAN.warmIntervals + 1}`,
  );

  // 3. Uploads.
  const images = await makeImages();
  console.log(
    `images: ${images.map((image) => `${image.name} ${(image.bytes.length / 1024).toFixed(0)} KiB`).join(', ')}`,
  );
  const beforeUploads = rssMib(pid);
  let sent = 0;
  const uploads = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (sent < PLAN.uploads) {
        const image = images[sent % images.length];
        sent += 1;
        if (image) await admin.call('upload', 'POST', '/api/upload/service', undefined, uploadForm(image));
      }
    }),
  );
  const uploadPeak = await peakDuring(pid, uploads);
  await sleep(PLAN.settleMs);
  const afterUploads = rssMib(pid);
  console.log(
    `${PLAN.uploads} uploads: ${beforeUploads.toFixed(1)} MiB before, ${uploadPeak.toFixed(1)} MiB peak, ` +
      `${afterUploads.toFixed(1)} MiB ${PLAN.settleMs / 1000} s after the last`,
  );

  // 4. Soak.
  const clients = [admin];
  for (let index = 2; index <= ACCOUNTS; index += 1) {
    await signUp(server.baseUrl, index);
    clients.push(await signIn(server.baseUrl, index));
  }
  if (PLAN.streams > clients.length * STREAMS_PER_ACCOUNT) throw new Error('more streams than the accounts may open');
  const samples = await soak(server, clients, images);
  const rssValues = samples.map((sample) => sample.rss);
  // The first minutes are warm-up, not a trend: the history tables and SQLite's page cache fill, V8 sizes its heap.
  const settled = samples.filter((sample) => sample.atMs > WARM_UP_MS);
  const { slope, standardError } = slopePerHour(settled);
  const means = windowMeans(samples, Math.round(MEAN_WINDOW_MS / PLAN.sampleMs));
  const start = rssValues[0] ?? 0;
  const end = rssValues.at(-1) ?? 0;
  const max = Math.max(...rssValues);
  console.log(
    `\nsoak: RSS ${start.toFixed(1)} MiB at the first sample, ${max.toFixed(1)} MiB max, ${end.toFixed(1)} MiB at ` +
      `the end; slope after the first ${duration(WARM_UP_MS)} ${slope.toFixed(1)} ± ${standardError.toFixed(1)} ` +
      `MiB/h (least squares over ${settled.length} samples, ± one standard error)`,
  );
  console.log(`means of each ${duration(MEAN_WINDOW_MS)}: ${means.map((mean) => mean.toFixed(1)).join(', ')} MiB`);
  console.log(`requests: ${[...requests].map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(`errors: ${errorCount === 0 ? 'none' : ''}`);
  for (const [kind, n] of errors) console.log(`  ${String(n).padStart(6)}  ${kind}`);
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    count(errors, 'server exited');
  }
  if (errors.size > 0) process.exitCode = 1;

  if (diagnosis) console.log('not recorded: a --heap run, or the server ran with SOAK_NODE_OPTIONS or SOAK_SERVER_ENV');
  if (!smoke && !diagnosis) {
    const figures: Figure[] = [
      {
        key: 'memory.idle.rss',
        label: 'Idle RSS: fresh start, empty database, after a sign-in, one dashboard load and a minute',
        value: Number(idleRss.toFixed(1)),
        unit: 'MiB',
        goal: '≤ 80 MiB',
      },
      {
        key: 'memory.services1000.rss',
        label: 'RSS with 1,000 services checked every 20 s (most over the third interval)',
        value: Number(servicesRss.toFixed(1)),
        unit: 'MiB',
        goal: '≤ 100 MiB',
      },
      {
        key: 'memory.uploads300.rss',
        label: `RSS 30 s after 300 image uploads (1600 x 1200 PNG and JPEG; ${beforeUploads.toFixed(0)} MiB before)`,
        value: Number(afterUploads.toFixed(1)),
        unit: 'MiB',
        goal: 'near the RSS before',
      },
      {
        key: 'memory.soak.slope',
        label:
          `Soak of ${SOAK_MINUTES} min: RSS slope after the first ${duration(WARM_UP_MS)} ` +
          `(± ${standardError.toFixed(1)}, one standard error)`,
        value: Number(slope.toFixed(1)),
        unit: 'MiB/h',
        goal: 'flat (about 0)',
      },
      {
        key: 'memory.soak.means',
        label: `Soak of ${SOAK_MINUTES} min: mean RSS of the last ${duration(MEAN_WINDOW_MS)} minus that of the second`,
        value: Number(((means.at(-1) ?? 0) - (means[1] ?? means[0] ?? 0)).toFixed(1)),
        unit: 'MiB',
        goal: 'flat (about 0)',
      },
      {
        key: 'memory.soak.max',
        label: `Soak of ${SOAK_MINUTES} min: highest RSS sampled`,
        value: Number(max.toFixed(1)),
        unit: 'MiB',
      },
    ];
    recordResult({
      bench: 'soak',
      subject: 'homelab-dashboard',
      method:
        'Built server (npm start flags) with a fresh SQLite DATA_DIR; RSS from /proc of the server process. Idle after ' +
        'sign-in and one dashboard load; then 1,000 services every 20 s against a local keep-alive target; 300 ' +
        `uploads four at a time; then ${SOAK_MINUTES} min of checks, sign-in loops, list reads, uploads and 50 event ` +
        `streams, RSS sampled every 30 s; the slope is fitted to the samples after the first ${duration(WARM_UP_MS)}.`,
      command: `npm run bench:soak -- --minutes=${SOAK_MINUTES}`,
      figures,
    });
    console.log('recorded bench/results/homelab-dashboard/soak.json');
  }
} finally {
  stopping = true;
  await server?.stop();
  target.child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
