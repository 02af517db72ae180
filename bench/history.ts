/**
 * npm run bench:history -- [services=1000] [days=365] [--pg] [--smoke]
 *
 * Compact history (issue 14, goal 4; docs/decisions/0015-compact-history.md). Builds, in bulk, the history tables
 * as the product leaves them after `days` of checks of N services every 20 s under the default retention: the
 * raw checks of the last 48 h (47 packed hours per service and, at the worst moment just before the prune job
 * packs, 65 minutes of recent rows), 90 days of hourly and `days` of daily buckets, and one status change per
 * service per day. Rows go in in time order (every service's row of one hour, then the next hour's), as the
 * monitor writes them, so the B-trees split as they do in use. Then prints and records:
 * - bytes of database per raw check: service_checks + service_check_hours with their indexes, over their checks;
 * - total size of the history tables (SQLite: the file after a WAL checkpoint, less the empty schema; PostgreSQL:
 *   pg_total_relation_size of each history table after ANALYZE);
 * - read times (p50/p95 over many services, through the product's repository) of 24 h (every raw check of the
 *   day, packed hours decoded), 7 d and 30 d (hourly buckets: the uptime windows), 1 y (daily buckets) and the
 *   reads of one GET /api/services/:id/history;
 * - the CPU the prune job spends packing an hour of recent rows, per check (the Node side).
 * SQLite always; PostgreSQL too when DATABASE_URL is set (a database of its own is created and dropped), or with
 * --pg, which reruns this under scripts/with-postgres.sh. --smoke: 20 services, 3 days, nothing recorded.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteFile } from '../src/server/db/sqlite-driver.ts';
import pg from 'pg';
import { openDatabase, type Db } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { encodeSamples, HOUR_MS, hourOf, type Sample } from '../src/server/monitor/check-samples.ts';
import { pruneHistory } from '../src/server/monitor/history-retention.ts';
import { RECENT_CHECKS } from '../src/server/monitor/status-history.service.ts';
import { StatusHistoryRepository } from '../src/server/repositories/status-history.repository.ts';
import { percentile } from './process-stats.ts';
import { recordResult, type Figure } from './results.ts';

const argv = process.argv.slice(2).filter((arg) => arg !== '--');
const flags = new Set(argv.filter((arg) => arg.startsWith('--')));
const smoke = flags.has('--smoke');
const [serviceArg, dayArg] = argv.filter((arg) => !arg.startsWith('--')).map(Number);
const SERVICES = smoke ? 20 : (serviceArg ?? 1000);
const DAYS = smoke ? 3 : (dayArg ?? 365);

const INTERVAL_MS = 20_000;
const DAY_MS = 24 * HOUR_MS;
const RAW_HOURS = 48;
const HOURLY_DAYS = 90;
const HISTORY_TABLES = [
  'service_checks',
  'service_check_hours',
  'service_status_hourly',
  'service_status_daily',
  'service_status_changes',
] as const;
/** Reads timed per window: each on a different service, after as many warm-up reads. */
const READS = smoke ? 20 : 300;

if (flags.has('--pg') && !process.env.DATABASE_URL) {
  const root = path.join(import.meta.dirname, '..');
  const rest = process.argv.slice(2).filter((arg) => arg !== '--pg');
  const child = spawnSync(
    'bash',
    [
      path.join(root, 'scripts/with-postgres.sh'),
      path.join(root, 'node_modules/.bin/tsx'),
      import.meta.filename,
      ...rest,
    ],
    { stdio: 'inherit', cwd: root },
  );
  process.exit(child.status ?? 1);
}

// "Now" is five minutes into an hour: the moment before the prune job packs the hour that just ended, when the
// most checks are recent rows.
const NOW = hourOf(Date.now()) + 5 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A deterministic pseudo-random sequence, so both databases get the same history. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** A service's checks from `from` to `to` (epoch ms): one every 20 s at its own phase, 0.5% down. */
function samples(serviceId: number, from: number, to: number, next: () => number): Sample[] {
  const phase = (serviceId * 137) % INTERVAL_MS;
  const out: Sample[] = [];
  for (let at = from - (from % INTERVAL_MS) + phase; at < to; at += INTERVAL_MS) {
    if (at < from) continue;
    const up = next() >= 0.005;
    const jittered = at + Math.floor(next() * 8);
    out.push({ at: jittered, status: up, responseTime: up ? 1 + Math.floor(next() * 40) : null });
  }
  return out;
}

type Row = (number | string | boolean | Buffer | null)[];

/** Inserts rows in order: SQLite through one prepared statement per transaction, PostgreSQL through unnest(). */
interface Loader {
  insert(table: string, columns: string[], pgTypes: string[], rows: Iterable<Row>): Promise<number>;
  close(): Promise<void>;
}

function sqliteLoader(file: string): Loader {
  const sqlite = openSqliteFile(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  return {
    insert(table, columns, _types, rows) {
      const statement = sqlite.prepare(
        `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      let count = 0;
      let batch: Row[] = [];
      const flush = sqlite.transaction((list: Row[]) => {
        for (const row of list) statement.run(row.map((value) => (typeof value === 'boolean' ? Number(value) : value)));
      });
      for (const row of rows) {
        batch.push(row);
        if (batch.length === 20_000) {
          flush(batch);
          count += batch.length;
          batch = [];
        }
      }
      flush(batch);
      return Promise.resolve(count + batch.length);
    },
    close() {
      sqlite.close();
      return Promise.resolve();
    },
  };
}

function pgLoader(url: string): Loader {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  return {
    async insert(table, columns, types, rows) {
      await connected;
      const text =
        `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) ` +
        `SELECT * FROM unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`;
      const bytea = types.indexOf('bytea');
      const limit = bytea >= 0 ? 2_000 : 20_000;
      let count = 0;
      let arrays: unknown[][] = columns.map(() => []);
      const flush = async () => {
        if ((arrays[0]?.length ?? 0) === 0) return;
        count += arrays[0]?.length ?? 0;
        await client.query(text, arrays);
        arrays = columns.map(() => []);
      };
      for (const row of rows) {
        row.forEach((value, i) => arrays[i]?.push(i === bytea ? `\\x${(value as Buffer).toString('hex')}` : value));
        if ((arrays[0]?.length ?? 0) >= limit) await flush();
      }
      await flush();
      return count;
    },
    async close() {
      await connected;
      await client.end();
    },
  };
}

interface Counts {
  rawChecks: number;
}

/** Writes the history of a year under retention, hour by hour across all services. */
async function load(loader: Loader, ids: number[]): Promise<Counts> {
  const firstRaw = hourOf(NOW - RAW_HOURS * HOUR_MS);
  const packedUntil = hourOf(NOW) - HOUR_MS; // the hour that just ended is still recent rows
  let rawChecks = 0;
  const next = random(42);

  const hourlyFrom = hourOf(NOW - Math.min(DAYS, HOURLY_DAYS) * DAY_MS);
  const perHour = HOUR_MS / INTERVAL_MS;
  const bucketRow = (id: number, bucket: number, checks: number): Row => {
    const down = Math.floor(next() * 2);
    return [id, bucket, checks, checks - down, checks - down, (checks - down) * 20, 1, 40];
  };
  const rollupColumns = [
    'serviceId',
    'bucket',
    'checks',
    'upChecks',
    'timedChecks',
    'responseTimeSum',
    'responseTimeMin',
    'responseTimeMax',
  ];
  const rollupTypes = ['int', 'bigint', 'int', 'int', 'int', 'bigint', 'int', 'int'];
  await loader.insert(
    'service_status_hourly',
    rollupColumns,
    rollupTypes,
    (function* () {
      for (let hour = hourlyFrom; hour <= hourOf(NOW); hour += HOUR_MS)
        for (const id of ids) yield bucketRow(id, hour, perHour);
    })(),
  );
  const today = NOW - (NOW % DAY_MS);
  await loader.insert(
    'service_status_daily',
    rollupColumns,
    rollupTypes,
    (function* () {
      for (let day = today - (DAYS - 1) * DAY_MS; day <= today; day += DAY_MS)
        for (const id of ids) yield bucketRow(id, day, 24 * perHour);
    })(),
  );
  await loader.insert(
    'service_status_changes',
    ['serviceId', 'status', 'changedAt', 'previousChangedAt', 'processedAt'],
    ['int', 'boolean', 'text', 'text', 'text'],
    (function* () {
      for (let day = 0; day < DAYS; day += 1)
        for (const id of ids) {
          const at = NOW - (DAYS - day) * DAY_MS + Math.floor(next() * DAY_MS);
          yield [id, day % 2 === 0, iso(at), day === 0 ? null : iso(at - DAY_MS), iso(at + 1_000)];
        }
    })(),
  );
  let packedChecks = 0;
  await loader.insert(
    'service_check_hours',
    ['serviceId', 'hour', 'samples'],
    ['int', 'bigint', 'bytea'],
    (function* () {
      for (let hour = firstRaw; hour < packedUntil; hour += HOUR_MS)
        for (const id of ids) {
          const list = samples(id, hour, hour + HOUR_MS, next);
          packedChecks += list.length;
          yield [id, hour, encodeSamples(hour, list)];
        }
    })(),
  );
  rawChecks += packedChecks;
  rawChecks += await loader.insert(
    'service_checks',
    ['serviceId', 'at', 'status', 'responseTime'],
    ['int', 'bigint', 'boolean', 'int'],
    (function* () {
      for (let from = packedUntil; from < NOW; from += INTERVAL_MS)
        for (const id of ids)
          for (const sample of samples(id, from, Math.min(from + INTERVAL_MS, NOW), next))
            yield [id, sample.at, sample.status, sample.responseTime];
    })(),
  );
  return { rawChecks };
}

interface Sizes {
  perTable: Record<string, number>;
  total: number;
}

async function sqliteSizes(file: string, emptyBytes: number): Promise<Sizes> {
  const sqlite = openSqliteFile(file);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const rows = sqlite
    .prepare(
      `SELECT m.tbl_name AS name, SUM(d.pgsize) AS bytes FROM dbstat d JOIN sqlite_master m ON m.name = d.name
       GROUP BY m.tbl_name`,
    )
    .all() as { name: string; bytes: number }[];
  sqlite.close();
  const perTable = Object.fromEntries(rows.map((row) => [row.name, row.bytes]));
  return Promise.resolve({ perTable, total: fs.statSync(file).size - emptyBytes });
}

async function pgSizes(url: string): Promise<Sizes> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('ANALYZE');
  const perTable: Record<string, number> = {};
  for (const table of HISTORY_TABLES) {
    const result = await client.query<{ bytes: string }>('SELECT pg_total_relation_size($1) AS bytes', [table]);
    perTable[table] = Number(result.rows[0]?.bytes);
  }
  await client.end();
  return { perTable, total: HISTORY_TABLES.reduce((sum, table) => sum + (perTable[table] ?? 0), 0) };
}

interface ReadTimes {
  p50: number;
  p95: number;
}

async function timeReads(ids: number[], read: (id: number) => Promise<unknown>): Promise<ReadTimes> {
  const times: number[] = [];
  for (let i = 0; i < 2 * READS; i += 1) {
    const id = ids[(i * 7919) % ids.length] ?? 1;
    const start = performance.now();
    await read(id);
    if (i >= READS) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const MIB = 2 ** 20;

async function run(label: 'sqlite' | 'pg', db: Db, loader: Loader, sizesOf: () => Promise<Sizes>) {
  await migrateToLatest(db);
  const services = await db.kysely
    .insertInto('services')
    .values(Array.from({ length: SERVICES }, (_, i) => ({ name: `s${i}`, url: 'http://127.0.0.1/', lastChecked: '' })))
    .returning('id')
    .execute();
  const ids = services.map((row) => row.id);
  const started = performance.now();
  const { rawChecks } = await load(loader, ids);
  await loader.close();
  console.log(
    `[${label}] loaded ${rawChecks.toLocaleString()} raw checks and the rollups in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const sizes = await sizesOf();
  const rawBytes = (sizes.perTable.service_checks ?? 0) + (sizes.perTable.service_check_hours ?? 0);
  const repository = new StatusHistoryRepository(db.kysely, db.dialect);
  const since = (ms: number) => iso(hourOf(NOW - ms));
  const reads = {
    '24h': await timeReads(ids, (id) => repository.checks(id, NOW - DAY_MS)),
    '7d': await timeReads(ids, (id) => repository.hourly(id, since(7 * DAY_MS))),
    '30d': await timeReads(ids, (id) => repository.hourly(id, since(30 * DAY_MS))),
    '1y': await timeReads(ids, (id) => repository.daily(id, iso(NOW - 365 * DAY_MS))),
    endpoint: await timeReads(ids, (id) =>
      Promise.all([
        repository.uptimeSums(id, { h24: since(DAY_MS), d7: since(7 * DAY_MS), d30: since(30 * DAY_MS) }),
        repository.recent(id, RECENT_CHECKS),
        repository.hourly(id, since(DAY_MS)),
      ]),
    ),
  };
  const cpu = process.cpuUsage();
  const pruned = await pruneHistory(repository, new Date(NOW));
  const spent = process.cpuUsage(cpu);
  const packCpuMs = (spent.user + spent.system) / 1000 / Math.max(1, pruned.packed);

  const name = label === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const scale = `${SERVICES.toLocaleString()} services at 20 s, ${DAYS} days`;
  console.log(`[${label}] ${scale}`);
  for (const [table, bytes] of Object.entries(sizes.perTable)) {
    if ((HISTORY_TABLES as readonly string[]).includes(table))
      console.log(`  ${table.padEnd(24)} ${(bytes / MIB).toFixed(1)} MiB`);
  }
  console.log(
    `  bytes per raw check      ${(rawBytes / rawChecks).toFixed(1)} B (${rawChecks.toLocaleString()} checks)`,
  );
  console.log(`  total history            ${(sizes.total / MIB).toFixed(1)} MiB`);
  for (const [window, time] of Object.entries(reads))
    console.log(`  read ${window.padEnd(19)} p50 ${time.p50.toFixed(2)} ms, p95 ${time.p95.toFixed(2)} ms`);
  console.log(
    `  packing                  ${pruned.packed.toLocaleString()} checks, ${packCpuMs.toFixed(4)} ms CPU per check`,
  );

  const figures: Figure[] = [
    {
      key: `history.${label}.bytesPerCheck`,
      label: `${name}: database bytes per raw check (table + indexes)`,
      value: Number((rawBytes / rawChecks).toFixed(1)),
      unit: 'B',
      goal: '≤ 50 B',
    },
    {
      key: `history.${label}.totalMib`,
      label: `${name}: a year of history, ${scale.replace(`, ${DAYS} days`, '')} (raw + rollups + changes)`,
      value: Number((sizes.total / MIB).toFixed(1)),
      unit: 'MiB',
      goal: '≤ 500 MB',
    },
    ...Object.entries(reads).flatMap(([window, time]) =>
      (['p50', 'p95'] as const).map((p) => ({
        key: `history.${label}.read.${window}.${p}`,
        label:
          window === 'endpoint'
            ? `${name}: reads of one GET /api/services/:id/history, ${p}`
            : `${name}: read of ${window} of history for one service, ${p}`,
        value: Number(time[p].toFixed(2)),
        unit: 'ms',
        goal: '< 20 ms',
      })),
    ),
    {
      key: `history.${label}.packCpuPerCheck`,
      label: `${name}: CPU of packing a finished hour, per check (Node side)`,
      value: Number(packCpuMs.toFixed(4)),
      unit: 'ms',
    },
  ];
  return figures;
}

const figures: Figure[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-history-'));
try {
  const file = path.join(dir, 'history.db');
  // The empty schema's size, so the total counts history only.
  const emptyFile = path.join(dir, 'empty.db');
  const empty = openDatabase({ sqlitePath: emptyFile });
  await migrateToLatest(empty);
  await empty.close();
  const emptyBytes = await sqliteSizes(emptyFile, 0).then((sizes) => sizes.total);
  const sqlite = openDatabase({ sqlitePath: file });
  try {
    figures.push(...(await run('sqlite', sqlite, sqliteLoader(file), () => sqliteSizes(file, emptyBytes))));
  } finally {
    await sqlite.close();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  const name = `bench_history_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: url.toString(), sqlitePath: '' });
  try {
    figures.push(...(await run('pg', db, pgLoader(url.toString()), () => pgSizes(url.toString()))));
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('PostgreSQL skipped: set DATABASE_URL or pass --pg');
}

if (smoke) console.log('smoke run: nothing recorded');
else {
  recordResult({
    bench: 'history',
    subject: 'homelab-dashboard',
    method:
      `The history tables as ${SERVICES} services checked every 20 s leave them after ${DAYS} days under the default ` +
      'retention (48 h raw, 90 d hourly, 400 d daily; one status change per service a day), loaded in bulk in time ' +
      'order, at the fullest moment (65 min of unpacked checks); sizes from dbstat / pg_total_relation_size; reads ' +
      `through the product's repository, ${READS} services per window after as many warm-up reads.` +
      (adminUrl ? '' : ' PostgreSQL not measured in this run.'),
    command: `npm run bench:history -- ${SERVICES} ${DAYS}${adminUrl ? ' --pg' : ''}`,
    figures,
  });
}
