/**
 * The mixed workload of `npm run bench:monitor -- --mixed <servicesPerType> <intervalSeconds> <secondsPerPhase>`
 * (bench/monitor.ts bundles and runs this file with plain Node, like monitor-run.ts). Issue 16: HTTP with
 * conditions must stay within 20 % of the plain HTTP check's CPU, TCP and DNS must be cheaper than HTTP.
 *
 * One phase per check type, each on a fresh set of services and a fresh Monitor, with its own warm-up and its own
 * measured window: plain HTTP (today's check), HTTP with conditions (status, a body pattern, a JSON-less body
 * length and the response time), TCP connect, DNS (A query to a local resolver), push (timed only: every
 * service is pushed to once per interval in process, and none is ever contacted). Then all of them at once.
 * Prints checks, CPU ms per check (process user + system time over the window / checks: writes included) and
 * the ratio to plain HTTP. Targets run in their own processes. Never part of `npm test`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { openDatabase, type Db } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { Monitor, type PushSource } from '../src/server/monitor/monitor.ts';
import { ServicesRepository } from '../src/server/repositories/services.repository.ts';
import { SettingsRepository } from '../src/server/repositories/settings.repository.ts';
import { StatusHistoryRepository } from '../src/server/repositories/status-history.repository.ts';
import { systemClock } from '../src/server/services/clock.ts';
import { ServiceCatalogService } from '../src/server/services/service-catalog.service.ts';
import { SettingsService } from '../src/server/services/settings.service.ts';
import { startLocalTarget } from './local-target.ts';
import type { Figure } from './results.ts';

const args = process.argv.slice(2).filter((arg) => arg !== '--' && !arg.startsWith('--'));
const [perType = 250, intervalSeconds = 20, phaseSeconds = 60] = args.map(Number);
const WARM_UP_MS = Math.min(10_000, (phaseSeconds * 1000) / 4);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Kind = 'http' | 'http+conditions' | 'tcp' | 'dns' | 'push';
const KINDS: Kind[] = ['http', 'http+conditions', 'tcp', 'dns', 'push'];

/** A target script in its own process; it prints its port first. */
async function startScript(script: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(script, [], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (data: Buffer) => resolve(Number(String(data).trim())));
    child.once('exit', () => reject(new Error(`${script} exited`)));
  });
  return { child, port };
}

/** Pushes to every push service once per interval (what cron jobs would do), in process. */
class BenchPushes implements PushSource {
  readonly #listeners: ((push: { serviceId: number; at: Date }) => void)[] = [];
  #timer: NodeJS.Timeout | null = null;

  onPush(listener: (push: { serviceId: number; at: Date }) => void): void {
    this.#listeners.push(listener);
  }

  start(ids: readonly number[]): void {
    // Spread over the interval like independent jobs: exactly one push per service per interval.
    let next = 0;
    let credit = 0;
    const perTick = ids.length / ((intervalSeconds * 1000) / 100);
    this.#timer = setInterval(() => {
      credit += perTick;
      for (; credit >= 1 && ids.length > 0; credit -= 1) {
        const serviceId = ids[next % ids.length] as number;
        next += 1;
        for (const listener of this.#listeners) listener({ serviceId, at: new Date() });
      }
    }, 100);
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
  }
}

interface Targets {
  httpUrl: string;
  tcpPort: number;
  dnsPort: number;
}

function serviceRow(kind: Kind, i: number, targets: Targets) {
  const base = {
    name: `${kind}-${i}`,
    status: false,
    lastChecked: new Date().toISOString(),
    refreshInterval: intervalSeconds,
    icon: null,
    background: null,
    isNSFW: false,
    tooltip: null,
    show_status_badge: true,
  };
  switch (kind) {
    case 'http':
      return { ...base, url: `${targets.httpUrl}/health/${i}` };
    case 'http+conditions':
      return {
        ...base,
        url: `${targets.httpUrl}/health/${i}`,
        check_settings: JSON.stringify({
          conditions: ['[STATUS] == 200', '[BODY] == pat(*ok*)', 'len([BODY]) < 100', '[RESPONSE_TIME] < 5000'],
        }),
      };
    case 'tcp':
      return { ...base, url: `tcp://127.0.0.1:${targets.tcpPort}` };
    case 'dns':
      return {
        ...base,
        url: `dns://127.0.0.1:${targets.dnsPort}`,
        check_settings: JSON.stringify({ query: { name: `host-${i}.bench.test`, type: 'A' } }),
      };
    case 'push':
      return { ...base, url: `push://job-${i}` };
  }
}

interface PhaseResult {
  label: string;
  checks: number;
  down: number;
  cpuMsPerCheck: number;
}

async function runPhase(db: Db, label: string, kinds: Kind[], targets: Targets): Promise<PhaseResult> {
  await db.kysely.deleteFrom('services').execute();
  const rows = kinds.flatMap((kind) => Array.from({ length: perType }, (_, i) => serviceRow(kind, i, targets)));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = await db.kysely
      .insertInto('services')
      .values(rows.slice(i, i + 200))
      .returning(['id', 'url'])
      .execute();
    for (const row of inserted) if (row.url.startsWith('push:')) ids.push(row.id);
  }
  const services = new ServicesRepository(db.kysely);
  const pushes = new BenchPushes();
  let measuring = false;
  let checks = 0;
  let down = 0;
  const monitor = new Monitor(
    {
      services,
      history: new StatusHistoryRepository(db.kysely, db.dialect),
      catalog: new ServiceCatalogService(services, systemClock, () => Promise.resolve(false), Number.MAX_SAFE_INTEGER),
      settings: new SettingsService(new SettingsRepository(db.kysely), () => Promise.resolve(null)),
      push: pushes,
      clock: systemClock,
      log: Fastify({ logger: { level: 'warn' } }).log,
    },
    {
      onCheckEnd: (_id, outcome) => {
        if (!measuring) return;
        checks += 1;
        if (!outcome.up) down += 1;
      },
    },
  );
  await monitor.start();
  pushes.start(ids);
  await sleep(WARM_UP_MS);
  measuring = true;
  const cpuStart = process.cpuUsage();
  const intervalMs = intervalSeconds * 1000;
  const available = phaseSeconds * 1000 - WARM_UP_MS;
  await sleep(available >= intervalMs ? Math.floor(available / intervalMs) * intervalMs : available);
  measuring = false;
  const cpu = process.cpuUsage(cpuStart);
  pushes.stop();
  await monitor.stop();
  return { label, checks, down, cpuMsPerCheck: (cpu.user + cpu.system) / 1000 / Math.max(1, checks) };
}

async function main(): Promise<void> {
  const http = await startLocalTarget();
  // The bundle runs from a scratch folder: bench/monitor.ts says where the script is.
  const dns = await startScript(
    process.env.BENCH_DNS_TARGET_SCRIPT ?? path.join(import.meta.dirname, 'dns-target.mjs'),
  );
  const httpUrl = http.url;
  const targets: Targets = { httpUrl, tcpPort: Number(new URL(httpUrl).port), dnsPort: dns.port };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-monitor-mixed-'));
  const db = openDatabase({ sqlitePath: path.join(dir, 'homelab.db') });
  await migrateToLatest(db);
  console.log(
    `mixed workload: ${perType} services per type at ${intervalSeconds} s; ${phaseSeconds} s per phase (${WARM_UP_MS / 1000} s warm-up)`,
  );
  // An unreported plain HTTP phase first: the first phase would otherwise pay for warming the JIT and the pools.
  await runPhase(db, 'warm-up', ['http'], targets);
  const results: PhaseResult[] = [];
  for (const kind of KINDS) {
    const result = await runPhase(db, kind, [kind], targets);
    results.push(result);
    console.log(`  ${kind.padEnd(18)} measured`);
  }
  results.push(await runPhase(db, 'all at once', ['http+conditions', 'tcp', 'dns', 'push'], targets));
  const plain = results[0]?.cpuMsPerCheck ?? 1;
  console.log('type                checks   down   CPU ms/check   vs plain HTTP');
  for (const result of results) {
    console.log(
      `${result.label.padEnd(18)} ${String(result.checks).padStart(7)} ${String(result.down).padStart(6)}   ${result.cpuMsPerCheck.toFixed(3).padStart(12)}   ${((result.cpuMsPerCheck / plain) * 100).toFixed(0).padStart(5)} %`,
    );
  }
  const figures: Figure[] = results.map((result) => ({
    key: `monitorMixed.${result.label.replace(/[^a-z]+/g, '_')}.cpuMsPerCheck`,
    label: `Check engine, ${perType} ${result.label} services at ${intervalSeconds} s: CPU per check`,
    value: result.cpuMsPerCheck,
    unit: 'ms',
    ...(result.label === 'http+conditions' ? { goal: '≤ 120 % of plain HTTP' } : {}),
    ...(result.label === 'tcp' || result.label === 'dns' ? { goal: '< plain HTTP' } : {}),
  }));
  if (perType >= 250 && phaseSeconds >= 60) process.send?.({ figures });
  else console.log('not recorded: record with `npm run bench:monitor -- --mixed 250 20 90`');
  http.child.kill('SIGTERM');
  dns.child.kill('SIGTERM');
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
