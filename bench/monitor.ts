/**
 * npm run bench:monitor -- <services> <intervalSeconds> [durationSeconds] [--no-writes] [--metrics]
 * npm run bench:monitor -- --mixed <servicesPerType> <intervalSeconds> <secondsPerPhase>   (issue 16's check types)
 *
 * Bundles bench/monitor-run.ts with esbuild (npm packages stay external, like `npm run build:server`) and runs
 * it with plain Node, so the figures are those of the built server and not of the TypeScript loader (whose
 * worker thread alone holds some 60 MiB). See monitor-run.ts for what is measured. Never part of `npm test`.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundleForNode, scratchDir } from './bundle.ts';
import { recordResult, type Figure } from './results.ts';

const outDir = scratchDir('.bench-monitor-');
// --mixed: HTTP with conditions, TCP, DNS and push beside plain HTTP, CPU per check of each (monitor-mixed-run.ts).
const mixed = process.argv.includes('--mixed');
const outfile = path.join(outDir, mixed ? 'monitor-mixed-run.mjs' : 'monitor-run.mjs');

try {
  await bundleForNode(path.join(import.meta.dirname, mixed ? 'monitor-mixed-run.ts' : 'monitor-run.ts'), outfile);
  const child = fork(outfile, process.argv.slice(2), {
    execArgv: [],
    stdio: 'inherit',
    env: {
      ...process.env,
      BENCH_TARGET_SCRIPT: path.join(import.meta.dirname, 'monitor-target.mjs'),
      BENCH_DNS_TARGET_SCRIPT: path.join(import.meta.dirname, 'dns-target.mjs'),
    },
  });
  // A full run sends its figures before it exits (monitor-run.ts, sendFigures); they are recorded once it succeeded.
  let figures: Figure[] | undefined;
  child.on('message', (message: { figures?: Figure[] }) => {
    figures = message.figures;
  });
  const code = await new Promise<number>((resolve) => child.once('exit', (exitCode) => resolve(exitCode ?? 1)));
  process.exitCode = code;
  if (code === 0 && figures && mixed) {
    recordResult({
      bench: 'monitor-mixed',
      subject: 'homelab-dashboard',
      method:
        'The Monitor alone, bundled and run with plain Node, fresh SQLite; one phase per check type (plain HTTP, ' +
        'HTTP with 4 conditions, TCP connect, DNS A query, push) of 250 services at 20 s against local targets in ' +
        'their own processes, then all at once; 90 s per phase after a 10 s warm-up: process CPU time / checks.',
      command: 'npm run bench:monitor -- --mixed 250 20 90',
      figures,
    });
  } else if (code === 0 && figures) {
    recordResult({
      bench: 'monitor',
      subject: 'homelab-dashboard',
      method:
        'The Monitor alone (checks, batched writes, rollups; no HTTP server), bundled and run with plain Node, fresh ' +
        'SQLite; 1,000 services at 20 s against a local keep-alive target; 240 s window after 10 s warm-up: ' +
        'process CPU time / checks, RSS sampled every 500 ms.',
      command: 'npm run bench:monitor -- 1000 20 260',
      figures,
    });
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
