/**
 * One measured process for bench/geoip.ts: argv[2] is "off", or "on" with argv[3] the DATA_DIR. Prints one JSON
 * line. Runs as plain Node on an esbuild bundle, so RSS is that of our code and not of a TypeScript loader.
 */
import { createGeoIpLookup, resolveGeoIpConfig } from '../src/server/integrations/geoip/geoip.ts';

const LOOKUPS = 10_000;
const mode = process.argv[2] === 'on' ? 'on' : 'off';
const dataDir = process.argv[3] ?? '/nonexistent';
const mib = () => Math.round((process.memoryUsage().rss / 1024 / 1024) * 10) / 10;
const collect = () => (globalThis as { gc?: () => void }).gc?.();

// Random addresses in 1.0.0.0-223.255.255.255; the private ones are answered without the files, as in the server.
function randomIp(): string {
  return [1 + Math.floor(Math.random() * 223), 0, 0, 0]
    .map((n, i) => (i === 0 ? n : Math.floor(Math.random() * 256)))
    .join('.');
}

const log = { warn: (d: object, m: string) => console.error(m, d), info: () => undefined };
collect();
const rssStart = mib();
const geo = createGeoIpLookup(
  resolveGeoIpConfig({ enabled: mode === 'on', cityDb: undefined, asnDb: undefined, dataDir }),
  log,
);
const started = performance.now();
while (mode === 'on' && !(await geo.lookup('1.1.1.1'))?.isp) await new Promise((resolve) => setTimeout(resolve, 20));
const readyMs = Math.round(performance.now() - started);
collect();
const rssReady = mib();
const ips = Array.from({ length: LOOKUPS }, randomIp);
const lookupStart = performance.now();
let found = 0;
for (const ip of ips) if (await geo.lookup(ip)) found++;
const seconds = (performance.now() - lookupStart) / 1000;
const rssAfter = mib();
collect();
const rssAfterGc = mib();
// Live memory, to tell what lookups keep from what the allocator merely has not returned to the system.
const { heapUsed, external } = process.memoryUsage();
const liveMib = Math.round(((heapUsed + external) / 1024 / 1024) * 10) / 10;
await geo.close();
console.log(
  JSON.stringify({
    mode,
    readyMs,
    rssStart,
    rssReady,
    rssAfter,
    rssAfterGc,
    liveMib,
    lookupsPerSecond: Math.round(LOOKUPS / seconds),
    found,
  }),
);
