/**
 * The comparison's measures, the same code for both servers (see subject.ts): idle RSS, CPU per check and peak
 * RSS over a window of whole check intervals (as bench/monitor-run.ts measures the check engine: process
 * user + system time over the window divided by the checks in it), database bytes per check, and the time until
 * every monitor is checked again after a restart. Checks are counted by the target (bench/monitor-target.mjs), not by
 * the server, so neither server's own bookkeeping is trusted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteFile } from '../../src/server/db/sqlite-driver.ts';
import { cpuMs, percentile, rssMib } from '../process-stats.ts';
import type { BenchSubject, RunningServer } from './subject.ts';
import type { CountingTarget } from './target.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls every 250 ms (not faster: the poll's own CPU would land on the cores the servers share). */
async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(250);
  }
}

/** Bytes the database's pages hold (free pages excluded), as a reader sees it, WAL included. */
function databaseBytes(file: string): number {
  const db = openSqliteFile(file, { readonly: true, fileMustExist: true });
  try {
    const pages = db.pragma('page_count', { simple: true }) as number;
    const free = db.pragma('freelist_count', { simple: true }) as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    return (pages - free) * pageSize;
  } finally {
    db.close();
  }
}

/**
 * A clean stop (SIGTERM), then the same data folder and port; returns the new server and the seconds from its
 * spawn until the target has seen every monitor's path again.
 */
export async function restartUntilCaughtUp(
  subject: BenchSubject,
  server: RunningServer,
  target: CountingTarget,
  options: MeasureOptions,
): Promise<{ server: RunningServer; seconds: number }> {
  await server.stop();
  const restarted = Date.now();
  const next = await subject.start(server.dataDir, server.port);
  try {
    await waitFor(
      async () => (await target.counts(restarted)).pathsSince >= options.monitors,
      'every monitor checked after a restart',
      options.catchUpTimeoutMs,
    );
  } catch (error) {
    await next.stop();
    throw error;
  }
  return { server: next, seconds: (Date.now() - restarted) / 1000 };
}

export interface ServerFigures {
  idleRssMib: number;
  peakRssMib: number;
  cpuMsPerCheck: number;
  checksPerSecond: number;
  historyBytesPerCheck: number;
  restartCatchUpSeconds: number;
}

export interface MeasureOptions {
  monitors: number;
  intervalSeconds: number;
  windowSeconds: number;
  /** How long a server may take to have every monitor checked (Kuma starts its monitors 0.3-1 s apart). */
  catchUpTimeoutMs: number;
}

/** Median RSS over `seconds`, sampled every 500 ms. */
async function steadyRss(pid: number, seconds: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < seconds * 2; i += 1) {
    samples.push(rssMib(pid));
    await sleep(500);
  }
  return percentile(
    samples.sort((a, b) => a - b),
    50,
  );
}

export async function measureServer(
  subject: BenchSubject,
  target: CountingTarget,
  options: MeasureOptions,
): Promise<ServerFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${subject.id}-`));
  let server: RunningServer | undefined;
  try {
    server = await subject.start(dataDir);
    // Ten seconds to settle after start-up, then the median of the next ten; before the first account, whose
    // password hashing (argon2 for ours, bcrypt for Kuma) leaves memory behind that is not the idle server's.
    await sleep(10_000);
    const idleRssMib = await steadyRss(server.pid, 10);
    await subject.setUp(server);
    console.log(`${subject.name}: idle RSS ${idleRssMib.toFixed(1)} MiB; adding ${options.monitors} monitors`);

    const addStarted = performance.now();
    await subject.addMonitors(server, target.url, options.monitors, options.intervalSeconds);
    console.log(`${subject.name}: monitors added in ${((performance.now() - addStarted) / 1000).toFixed(1)} s`);

    const restart = await restartUntilCaughtUp(subject, server, target, options);
    server = restart.server;
    const restartCatchUpSeconds = restart.seconds;
    console.log(`${subject.name}: every monitor checked ${restartCatchUpSeconds.toFixed(1)} s after a restart`);
    await sleep(options.intervalSeconds * 1000); // warm-up: one more interval

    const windowMs =
      Math.max(1, Math.floor(options.windowSeconds / options.intervalSeconds)) * options.intervalSeconds * 1000;
    const databaseFile = subject.databaseFile(dataDir);
    const before = {
      cpu: cpuMs(server.pid),
      checks: (await target.counts(0)).total,
      bytes: databaseBytes(databaseFile),
    };
    const started = performance.now();
    let peakRssMib = rssMib(server.pid);
    while (performance.now() - started < windowMs) {
      await sleep(500);
      peakRssMib = Math.max(peakRssMib, rssMib(server.pid));
    }
    const seconds = (performance.now() - started) / 1000;
    const checks = Math.max(1, (await target.counts(0)).total - before.checks);
    const cpuMsPerCheck = (cpuMs(server.pid) - before.cpu) / checks;
    const historyBytesPerCheck = (databaseBytes(databaseFile) - before.bytes) / checks;
    console.log(
      `${subject.name}: ${checks} checks in ${seconds.toFixed(0)} s (${(checks / seconds).toFixed(1)}/s): ` +
        `${cpuMsPerCheck.toFixed(3)} ms CPU per check, peak RSS ${peakRssMib.toFixed(1)} MiB, ` +
        `${historyBytesPerCheck.toFixed(1)} database bytes per check`,
    );

    return {
      idleRssMib,
      peakRssMib,
      cpuMsPerCheck,
      checksPerSecond: checks / seconds,
      historyBytesPerCheck,
      restartCatchUpSeconds,
    };
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
