/**
 * npm run bench:geoip
 *
 * Measures the geo-IP lookups on the default npm snapshot (DB-IP city mmdb + ASN CSV) inside a server-like
 * process (bench/geoip-run.ts: the whole app built and listening, jobs not started): the one-time ASN conversion
 * (time, size, the server's RSS peak and the conversion child's own peak), lookups per second, and RSS with
 * GEOIP=off and with the converted file reused, after 1,000 paced and 10,000 back-to-back lookups, each also
 * after a forced GC. For comparison it also runs the conversion in the server process (no child entry beside the
 * bundle), as before asn-convert.ts existed. Each case runs in its own plain Node process on an esbuild bundle.
 * Never part of npm test.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleForNode, scratchDir } from './bundle.ts';

type Figures = Record<string, number | string | null>;

const outDir = scratchDir('.bench-geoip-');
const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-geoip-'));
const outfile = path.join(outDir, 'geoip-run.mjs');

function run(mode: string, dataDir: string): Promise<Figures> {
  fs.mkdirSync(dataDir, { recursive: true });
  const child = fork(outfile, [mode, dataDir], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output) as Figures) : reject(new Error(`exit ${code}`)),
    ),
  );
}

const cell = (value: number | string | null | undefined, width: number) => String(value ?? '-').padStart(width);

try {
  await bundleForNode(path.join(import.meta.dirname, 'geoip-run.ts'), outfile);
  const off = await run('off', path.join(dataRoot, 'off'));
  // Without asn-convert.mjs beside the bundle, the server converts in its own process.
  const inProcess = await run('convert', path.join(dataRoot, 'in-process'));
  await bundleForNode(
    path.join(import.meta.dirname, '../src/server/integrations/geoip/asn-convert.ts'),
    path.join(outDir, 'asn-convert.mjs'),
  );
  const cold = await run('convert', path.join(dataRoot, 'child'));
  const asnDir = path.join(dataRoot, 'child', 'geoip');
  const asnFile = fs.readdirSync(asnDir).find((name) => name.endsWith('.bin')) ?? '';
  const asnBytes = fs.statSync(path.join(asnDir, asnFile)).size;
  const warm = await run('reuse', path.join(dataRoot, 'child'));

  console.log(
    `ASN conversion (first start): ${cold.conversionMs} ms in a child (in-process: ${inProcess.conversionMs} ms) -> ${asnFile}, ${(asnBytes / 1024 / 1024).toFixed(1)} MiB`,
  );
  console.log(`conversion child's own peak RSS: ${cold.childMaxRssMib} MiB`);
  console.log(`ready with converted file reused: ${warm.readyMs} ms`);
  console.log(`lookups per second (10,000 random IPv4, back to back): ${warm.lookupsPerSecond}`);
  console.log('');
  console.log(
    'server RSS, MiB        start  peak  ready  +GC | 1k paced  +GC | 10k burst  +GC | young gen  heap  live',
  );
  for (const [label, r] of [
    ['GEOIP=off', off],
    ['convert, in-process', inProcess],
    ['convert, in a child', cold],
    ['on, file reused', warm],
  ] as const) {
    console.log(
      `${label.padEnd(21)} ${cell(r.rssStart, 6)} ${cell(r.rssPeak, 5)} ${cell(r.rssReady, 6)} ${cell(r.rssReadyGc, 4)} | ${cell(r.rssPaced, 8)} ${cell(r.rssPacedGc, 4)} | ${cell(r.rssBurst, 9)} ${cell(r.rssBurstGc, 4)} | ${cell(r.youngBurst, 9)} ${cell(r.heapTotal, 5)} ${cell(r.liveMib, 5)}`,
    );
  }
  console.log(
    '(peak: highest RSS sampled every 20 ms over the whole run; young gen, heap: V8 new space and heap total',
  );
  console.log(' right after the burst and after GC respectively; live: heap used + external after the last GC)');
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataRoot, { recursive: true, force: true });
}
