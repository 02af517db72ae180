/**
 * One measured process for bench/geoip.ts: argv[2] is "off", "convert" (first start: no converted ASN file yet)
 * or "reuse" (the file exists), argv[3] the DATA_DIR. Builds the whole app as main.ts does (SQLite, Fastify,
 * services; listening on 127.0.0.1, jobs not started), so RSS is a server's; then drives services.geoIp the way
 * sign-ins do: 1,000 lookups at a steady pace, then 10,000 back to back, with RSS before and after a forced GC.
 * Prints one JSON line. Runs as plain Node on an esbuild bundle, so RSS is that of built code, not of a loader.
 */
import v8 from 'node:v8';
import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { readEnv } from '../src/server/env.ts';

const PACED = 1_000;
// One lookup every 50 ms (20 a second): far above real sign-in rates (the per-IP and per-account limits), yet a
// steady pace rather than a burst.
const PACE_MS = 50;
const BURST = 10_000;
const mode = process.argv[2] ?? 'off';
const dataDir = process.argv[3] ?? '/nonexistent';
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const rss = () => mib(process.memoryUsage.rss());
const collect = () => (globalThis as { gc?: () => void }).gc?.();
// V8's young generation (new space) as committed now: it grows under a high allocation rate and shrinks slowly.
const youngMib = () =>
  mib(v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Random addresses in 1.0.0.0-223.255.255.255; the private ones are answered without the files, as in the server.
function randomIp(): string {
  return [1 + Math.floor(Math.random() * 223), 0, 0, 0]
    .map((n, i) => (i === 0 ? n : Math.floor(Math.random() * 256)))
    .join('.');
}

// The parent's RSS peak, sampled while the conversion runs (in a child, or here when there is no child entry).
let rssPeak = 0;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 20);

let conversion: Record<string, unknown> = {};
const logStream = {
  write(line: string) {
    const entry = JSON.parse(line) as { level: number; msg: string };
    if (entry.msg === 'ASN table converted') conversion = entry;
    else if (entry.level >= 40) process.stderr.write(line);
  },
};

collect();
const rssStart = rss();
const env = readEnv({
  ...process.env,
  DATA_DIR: dataDir,
  GEOIP: mode === 'off' ? 'off' : 'on',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'info',
});
const db = openDatabase({ databaseUrl: undefined, sqlitePath: env.sqlitePath });
await migrateToLatest(db);
const built = await buildApp({ env, db, logger: { level: 'info', stream: logStream } });
await built.app.listen({ port: 0, host: '127.0.0.1' });
const geo = built.services.geoIp;
const started = performance.now();
while (mode !== 'off' && !(await geo.lookup('1.1.1.1'))?.isp) await sleep(20);
const readyMs = Math.round(performance.now() - started);
const rssReady = rss();
collect();
const rssReadyGc = rss();

let found = 0;
for (let i = 0; i < PACED; i++) {
  if (await geo.lookup(randomIp())) found++;
  await sleep(PACE_MS);
}
const rssPaced = rss();
const youngPaced = youngMib();
collect();
const rssPacedGc = rss();

const ips = Array.from({ length: BURST }, randomIp);
const burstStart = performance.now();
for (const ip of ips) if (await geo.lookup(ip)) found++;
const seconds = (performance.now() - burstStart) / 1000;
const rssBurst = rss();
const youngBurst = youngMib();
collect();
const rssBurstGc = rss();
// Live memory, to tell what lookups keep from what V8 and the allocator merely have not returned to the system.
const memory = process.memoryUsage();
clearInterval(sampler);
await built.close();
await db.close();
console.log(
  JSON.stringify({
    mode,
    readyMs,
    rssStart,
    rssPeak,
    rssReady,
    rssReadyGc,
    rssPaced,
    rssPacedGc,
    rssBurst,
    rssBurstGc,
    youngPaced,
    youngBurst,
    heapTotal: mib(memory.heapTotal),
    liveMib: mib(memory.heapUsed + memory.external),
    lookupsPerSecond: Math.round(BURST / seconds),
    found,
    childMaxRssMib: conversion.childMaxRssMib ?? null,
    conversionMs: conversion.ms ?? null,
  }),
);
process.exit(0);
