/**
 * The measured process of `npm run bench:monitor` (bench/monitor.ts bundles this file and runs it with plain
 * Node, as `npm start` runs the server). Runs the real Monitor (checks, batched writes, rollups) against a local keep-alive target in a child process,
 * with a fresh SQLite database in a temp folder, and prints checks per second, CPU ms per check (all-in: this
 * process's user + system time over the measured window / checks), peak RSS, event-loop delay p99,
 * check-start jitter p99 (actual start minus due time) and the response times the monitor recorded for the
 * target (median, p95, max over the measured window's checks, as the monitor hands them to the writer): checks
 * that start together queue behind one another in our own event loop, and that queue shows up here.
 * Never part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { createAppMetrics } from '../src/server/metrics/app-metrics.ts';
import { Monitor } from '../src/server/monitor/monitor.ts';
import { ServicesRepository } from '../src/server/repositories/services.repository.ts';
import { SettingsRepository } from '../src/server/repositories/settings.repository.ts';
import { StatusHistoryRepository } from '../src/server/repositories/status-history.repository.ts';
import { startLocalTarget } from './local-target.ts';
import { percentile } from './process-stats.ts';
import { systemClock } from '../src/server/services/clock.ts';
import { ServiceCatalogService } from '../src/server/services/service-catalog.service.ts';
import { SettingsService } from '../src/server/services/settings.service.ts';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
// --no-writes: checks only, results dropped (to tell the HTTP side's cost from the database side's).
const noWrites = args.includes('--no-writes');
// --metrics: the Prometheus metrics' check observer attached, as the app attaches it (its cost per check).
const withMetrics = args.includes('--metrics');
const [count = 1000, intervalSeconds = 30, durationSeconds = 60] = args
  .filter((arg) => !arg.startsWith('--'))
  .map(Number);
const WARM_UP_MS = Math.min(10_000, (durationSeconds * 1000) / 4);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main(): Promise<void> {
  const target = await startLocalTarget();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-monitor-'));
  const db = openDatabase({ sqlitePath: path.join(dir, 'homelab.db') });
  await migrateToLatest(db);
  const lastChecked = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `svc-${i}`,
    url: `${target.url}/health/${i}`,
    status: false,
    lastChecked,
    refreshInterval: intervalSeconds,
    icon: null,
    background: null,
    isNSFW: false,
    tooltip: null,
    show_status_badge: true,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db.kysely
      .insertInto('services')
      .values(rows.slice(i, i + 500))
      .execute();

  const log = Fastify({ logger: { level: 'warn' } }).log;
  const services = new ServicesRepository(db.kysely);
  const jitter = createHistogram();
  let measuring = false;
  let checks = 0;
  let down = 0;
  const responseTimes: number[] = [];
  const history = new StatusHistoryRepository(db.kysely, db.dialect);
  if (noWrites) history.writeBatch = (batch) => Promise.resolve(new Set(batch.latest.map((r) => r.serviceId)));
  const settings = new SettingsService(new SettingsRepository(db.kysely), () => Promise.resolve(null));
  const monitor = new Monitor(
    {
      services,
      history,
      catalog: new ServiceCatalogService(services, systemClock, () => Promise.resolve(false), Number.MAX_SAFE_INTEGER),
      settings,
      clock: systemClock,
      log,
      checks: withMetrics ? createAppMetrics(() => Promise.resolve({ servicesDown: 0, outbox: {} })).checks : undefined,
    },
    {
      flushMs: process.env.FLUSH_MS ? Number(process.env.FLUSH_MS) : undefined,
      tickMs: process.env.TICK_MS ? Number(process.env.TICK_MS) : undefined,
      maxBatch: Number(process.env.MAX_BATCH ?? 200),
      onCheckStart: (_id, lateMs) => {
        if (measuring) jitter.record(Math.max(1, Math.round(lateMs * 1000)));
      },
      onCheckEnd: (_id, outcome) => {
        if (!measuring) return;
        checks += 1;
        if (!outcome.up) down += 1;
        if (outcome.responseTime !== null) responseTimes.push(outcome.responseTime);
      },
    },
  );
  await monitor.start();
  await sleep(WARM_UP_MS);

  // The histogram samples with a timer of its own: at its default 10 ms it would add 100 wake-ups a second to
  // the CPU being measured (at 1,000 services, more than the checks' own wake-ups). 50 ms still gives a p99.
  const loopDelay = monitorEventLoopDelay({ resolution: 50 });
  loopDelay.enable();
  measuring = true;
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  let peakRss = process.memoryUsage().rss;
  // Whole intervals when the run allows, so every service is counted equally often.
  const available = durationSeconds * 1000 - WARM_UP_MS;
  const intervalMs = intervalSeconds * 1000;
  const measureMs = available >= intervalMs ? Math.floor(available / intervalMs) * intervalMs : available;
  while (performance.now() - wallStart < measureMs) {
    await sleep(500);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  measuring = false;
  const cpu = process.cpuUsage(cpuStart);
  const seconds = (performance.now() - wallStart) / 1000;
  loopDelay.disable();
  const logRows = await db.kysely
    .selectFrom('service_checks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

  const cpuMs = (cpu.user + cpu.system) / 1000;
  const expected = (count / intervalSeconds) * seconds;
  console.log(
    `services ${count}, interval ${intervalSeconds} s, measured ${seconds.toFixed(1)} s after ${WARM_UP_MS / 1000} s warm-up`,
  );
  console.log(
    `checks/s             ${(checks / seconds).toFixed(1)} (expected ${(expected / seconds).toFixed(1)}; ${down} down)`,
  );
  console.log(
    `CPU ms per check     ${(cpuMs / Math.max(1, checks)).toFixed(3)} (${((cpuMs / 1000 / seconds) * 100).toFixed(1)}% of one core; user ${(cpu.user / 1000 / Math.max(1, checks)).toFixed(3)}, system ${(cpu.system / 1000 / Math.max(1, checks)).toFixed(3)})`,
  );
  console.log(
    `peak RSS             ${mib(peakRss)} MiB while measured (${mib(process.resourceUsage().maxRSS * 1024)} MiB since start, including set-up)`,
  );
  console.log(`event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms`);
  console.log(
    `jitter p99           ${(jitter.percentile(99) / 1000).toFixed(1)} ms (max ${(jitter.max / 1000).toFixed(1)} ms)`,
  );
  responseTimes.sort((a, b) => a - b);
  console.log(
    `response time        median ${percentile(responseTimes, 50)} ms, p95 ${percentile(responseTimes, 95)} ms, max ${responseTimes.at(-1) ?? 0} ms (as recorded, ${responseTimes.length} checks)`,
  );
  console.log(`log rows written     ${logRows.n}`);
  const memory = process.memoryUsage();
  console.log(
    `memory now           rss ${mib(memory.rss)} MiB, V8 heap ${mib(memory.heapUsed)}/${mib(memory.heapTotal)} MiB, external ${mib(memory.external)} MiB`,
  );

  sendFigures({ count, intervalSeconds, seconds, noWrites, cpuMsPerCheck: cpuMs / Math.max(1, checks), peakRss });
  await monitor.stop();
  target.child.kill('SIGTERM');
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Hands the figures to bench/monitor.ts (the parent, over IPC), which records them for README's table; only a
 * full run records (1,000 services at 20 s, writes on, at least 120 s measured), not a short or partial one.
 */
function sendFigures(run: {
  count: number;
  intervalSeconds: number;
  seconds: number;
  noWrites: boolean;
  cpuMsPerCheck: number;
  peakRss: number;
}): void {
  if (run.count !== 1000 || run.intervalSeconds !== 20 || run.noWrites || run.seconds < 120) {
    console.log('not recorded: record with `npm run bench:monitor -- 1000 20 260`');
    return;
  }
  process.send?.({
    figures: [
      {
        key: 'monitor.cpuMsPerCheck',
        label: 'Check engine alone, 1,000 services at 20 s: CPU per check',
        value: run.cpuMsPerCheck,
        unit: 'ms',
        goal: 'keep it (0.18 ms in the issue)',
      },
      {
        key: 'monitor.peakRssMib',
        label: 'Check engine alone, 1,000 services at 20 s: peak RSS',
        value: run.peakRss / 1024 / 1024,
        unit: 'MiB',
      },
    ],
  });
}
