/**
 * npm run bench:api -- [services=1000] [seconds=10] [clients=10]
 *
 * The dashboard's list call under load, on the built server (`npm run build` first): starts dist/server/main.js
 * with a fresh SQLite DATA_DIR, signs up the first account (superadmin), creates N services that the monitor
 * checks every 20 s against a local keep-alive target (so check results keep arriving, as they would in use),
 * then lets `clients` keep-alive connections call GET /api/services back to back, once without compression, once
 * with gzip, once with brotli and once revalidating with If-None-Match. Prints requests/s, latency p50/p95/p99,
 * bytes per answer (as sent, after compression), the server's CPU per request and its RSS. Never part of
 * `npm test`; the figures depend on the machine, so nothing asserts them.
 */
import fs from 'node:fs';
import { Pool } from 'undici';
import { createServices, signUpFirstAccount } from './bench-accounts.ts';
import { startLocalTarget } from './local-target.ts';
import { cpuMs, percentile, rssMib } from './process-stats.ts';
import { recordResult, type Figure } from './results.ts';
import { startServerProcess, tempDataDir, type ServerProcess } from '../tests/helpers/server-process.ts';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const [serviceCount = 1000, seconds = 10, clients = 10] = args.map(Number);
const WARM_UP_MS = 2_000;

interface Variant {
  name: string;
  headers: Record<string, string>;
  /** Sends the ETag of the previous answer back (a browser revalidating its copy). */
  revalidate?: boolean;
}

const VARIANTS: Variant[] = [
  { name: 'identity', headers: {} },
  { name: 'gzip', headers: { 'accept-encoding': 'gzip' } },
  { name: 'br', headers: { 'accept-encoding': 'br, gzip' } },
  { name: 'br + If-None-Match', headers: { 'accept-encoding': 'br, gzip' }, revalidate: true },
];

interface Figures {
  requests: number;
  statuses: Map<number, number>;
  latencies: number[];
  bytes: number;
  cpuMs: number;
  wallMs: number;
}

async function load(server: ServerProcess, cookie: string, variant: Variant): Promise<Figures> {
  const pool = new Pool(server.baseUrl, { connections: clients, pipelining: 1 });
  const figures: Figures = { requests: 0, statuses: new Map(), latencies: [], bytes: 0, cpuMs: 0, wallMs: 0 };
  let measuring = false;
  let stopAt = Date.now() + WARM_UP_MS + seconds * 1000;
  const client = async () => {
    let etag: string | undefined;
    while (Date.now() < stopAt) {
      const headers: Record<string, string> = { cookie, ...variant.headers };
      if (variant.revalidate && etag) headers['if-none-match'] = etag;
      const started = performance.now();
      const response = await pool.request({ method: 'GET', path: '/api/services', headers });
      const body = Buffer.from(await response.body.arrayBuffer());
      const elapsed = performance.now() - started;
      const tag = response.headers.etag;
      if (typeof tag === 'string') etag = tag;
      if (response.statusCode !== 200 && response.statusCode !== 304) {
        throw new Error(`GET /api/services: ${response.statusCode} ${body.toString().slice(0, 200)}`);
      }
      if (!measuring) continue;
      figures.requests += 1;
      figures.statuses.set(response.statusCode, (figures.statuses.get(response.statusCode) ?? 0) + 1);
      figures.latencies.push(elapsed);
      figures.bytes += body.length;
    }
  };
  const running = Promise.all(Array.from({ length: clients }, client));
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  measuring = true;
  const cpuStart = cpuMs(server.child.pid ?? 0);
  const wallStart = performance.now();
  stopAt = Date.now() + seconds * 1000;
  await running;
  figures.wallMs = performance.now() - wallStart;
  figures.cpuMs = cpuMs(server.child.pid ?? 0) - cpuStart;
  await pool.close();
  return figures;
}

function report(variant: Variant, figures: Figures, pid: number): void {
  const sorted = [...figures.latencies].sort((a, b) => a - b);
  const statuses = [...figures.statuses].map(([status, count]) => `${count}x${status}`).join(' ');
  console.log(
    [
      variant.name.padEnd(20),
      `${((figures.requests * 1000) / figures.wallMs).toFixed(0).padStart(6)} req/s`,
      `p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms`,
      `p95 ${percentile(sorted, 95).toFixed(1).padStart(6)} ms`,
      `p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms`,
      `${(figures.bytes / Math.max(1, figures.requests) / 1024).toFixed(1).padStart(7)} KiB/answer`,
      `${(figures.cpuMs / Math.max(1, figures.requests)).toFixed(2)} ms CPU/req`,
      `RSS ${rssMib(pid).toFixed(0)} MiB`,
      `(${statuses})`,
    ].join('  '),
  );
}

/** The figures README's table shows for one variant: requests/s, p95 and bytes per answer. */
function recordedFigures(variant: Variant, figures: Figures): Figure[] {
  const key = `api.${variant.name.replace(/\W+/g, '-')}`;
  const what = `GET /api/services, 1,000 services, 10 clients, ${variant.name}`;
  const sorted = [...figures.latencies].sort((a, b) => a - b);
  return [
    {
      key: `${key}.rps`,
      label: `${what}: requests/s`,
      value: (figures.requests * 1000) / figures.wallMs,
      unit: 'req/s',
      goal: '≥ 1,000',
    },
    { key: `${key}.p95Ms`, label: `${what}: latency p95`, value: percentile(sorted, 95), unit: 'ms', goal: '≤ 20 ms' },
    {
      key: `${key}.kibPerAnswer`,
      label: `${what}: bytes per answer`,
      value: figures.bytes / Math.max(1, figures.requests) / 1024,
      unit: 'KiB',
    },
  ];
}

const target = await startLocalTarget();
const dataDir = tempDataDir('bench-api-');
let server: ServerProcess | undefined;
try {
  server = await startServerProcess({ dataDir, env: { GEOIP: 'off', LOG_LEVEL: 'warn' } });
  const cookie = await signUpFirstAccount(server.baseUrl);
  await createServices(server.baseUrl, cookie, {
    count: serviceCount,
    targetUrl: target.url,
    refreshInterval: 20,
    clients,
    extra: (index) => ({
      icon: index % 3 === 0 ? `https://icons.example.test/${index}.png` : undefined,
      tooltip: index % 2 === 0 ? `Runs on host ${index % 17}, rack ${index % 5}` : undefined,
      isNSFW: index % 50 === 0,
    }),
  });
  const sample = await fetch(`${server.baseUrl}/api/services`, { headers: { cookie } });
  const listed = ((await sample.json()) as unknown[]).length;
  console.log(
    `GET /api/services: ${listed} services, ${clients} keep-alive clients, ${seconds} s each after ${WARM_UP_MS / 1000} s warm-up; ` +
      `the monitor checks every service every 20 s meanwhile`,
  );
  const recorded: Figure[] = [];
  for (const variant of VARIANTS) {
    const figures = await load(server, cookie, variant);
    report(variant, figures, server.child.pid ?? 0);
    recorded.push(...recordedFigures(variant, figures));
  }
  // Only the set-up is recorded for README's table; other sizes and shorter runs are for exploring.
  if (serviceCount === 1000 && clients === 10 && seconds >= 10) {
    recordResult({
      bench: 'api',
      subject: 'homelab-dashboard',
      method:
        'Built server, fresh SQLite, 1,000 services checked every 20 s meanwhile; 10 keep-alive clients call ' +
        'GET /api/services back to back for 10 s after 2 s warm-up, per encoding and revalidating with If-None-Match.',
      command: 'npm run build && npm run bench:api',
      figures: recorded,
    });
  } else console.log('not recorded: record with `npm run bench:api` (1,000 services, 10 clients, 10 s)');
} finally {
  await server?.stop();
  target.child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
