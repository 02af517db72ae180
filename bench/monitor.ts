/**
 * npm run bench:monitor -- <services> <intervalSeconds> [durationSeconds] [--no-writes]
 *
 * Bundles bench/monitor-run.ts with esbuild (npm packages stay external, like `npm run build:server`) and runs
 * it with plain Node, so the figures are those of the built server and not of the TypeScript loader (whose
 * worker thread alone holds some 60 MiB). See monitor-run.ts for what is measured. Never part of `npm test`.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outDir = fs.mkdtempSync(path.join(root, 'node_modules', '.bench-monitor-'));
const outfile = path.join(outDir, 'monitor-run.mjs');

try {
  await esbuild.build({
    entryPoints: [path.join(import.meta.dirname, 'monitor-run.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [
      {
        name: 'shared-alias',
        setup(build) {
          build.onResolve({ filter: /^#shared\// }, (args) => ({
            path: path.join(root, 'src/shared', `${args.path.slice('#shared/'.length)}.ts`),
          }));
        },
      },
    ],
  });
  const child = fork(outfile, process.argv.slice(2), {
    execArgv: [],
    stdio: 'inherit',
    env: { ...process.env, BENCH_TARGET_SCRIPT: path.join(import.meta.dirname, 'monitor-target.mjs') },
  });
  const code = await new Promise<number>((resolve) => child.once('exit', (exitCode) => resolve(exitCode ?? 1)));
  process.exitCode = code;
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
