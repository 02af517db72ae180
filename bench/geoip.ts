/**
 * npm run bench:geoip
 *
 * Measures the geo-IP lookups on the default npm snapshot (DB-IP city mmdb + ASN CSV): the one-time ASN
 * conversion (time and size), lookups per second over 10,000 random public IPv4 addresses (one at a time, as
 * sign-ins come), and process RSS with GEOIP=off, with a fresh conversion, and with the converted file reused.
 * Each case runs in its own plain Node process (bench/geoip-run.ts bundled by esbuild). Never part of npm test.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleForNode, scratchDir } from './bundle.ts';

const outDir = scratchDir('.bench-geoip-');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-geoip-'));
const outfile = path.join(outDir, 'geoip-run.mjs');

function run(...args: string[]): Promise<Record<string, number | string>> {
  const child = fork(outfile, args, { execArgv: ['--expose-gc'], stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output) as Record<string, number | string>) : reject(new Error(`exit ${code}`)),
    ),
  );
}

try {
  await bundleForNode(path.join(import.meta.dirname, 'geoip-run.ts'), outfile);
  const off = await run('off');
  const cold = await run('on', dataDir);
  const asnFile = fs.readdirSync(path.join(dataDir, 'geoip')).find((name) => name.endsWith('.bin')) ?? '';
  const asnBytes = fs.statSync(path.join(dataDir, 'geoip', asnFile)).size;
  const warm = await run('on', dataDir);
  console.log(
    `ASN conversion (first start): ${cold.readyMs} ms -> ${asnFile}, ${(asnBytes / 1024 / 1024).toFixed(1)} MiB`,
  );
  console.log(`ready with converted file reused: ${warm.readyMs} ms`);
  console.log(
    `lookups per second (10,000 random IPv4, sequential): ${warm.lookupsPerSecond} (first start: ${cold.lookupsPerSecond})`,
  );
  console.log('RSS MiB             start   ready   after 10k lookups   after GC   live (heap + external)');
  for (const [label, r] of [
    ['GEOIP=off', off],
    ['on, converting', cold],
    ['on, reused file', warm],
  ] as const) {
    console.log(
      `${label.padEnd(18)} ${String(r.rssStart).padStart(6)}  ${String(r.rssReady).padStart(6)}  ${String(r.rssAfter).padStart(18)}  ${String(r.rssAfterGc).padStart(9)}  ${String(r.liveMib).padStart(11)}`,
    );
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
