/**
 * npm run bench:backup -- [megabytes=100] [--smoke]
 *
 * What a backup leaves in the server's memory (issue 14, goal 5: RSS stays flat, and the daily backup is part of
 * every day). Run `npm run build` first. The built server runs as `npm start` runs it (scripts/server-node.mjs) on
 * a fresh DATA_DIR whose SQLite database was filled beforehand to about `megabytes` MB with a table of the
 * benchmark's own: the backup copies every page alike, so filler pages stand for a year of history. Signs up the
 * first account (an admin), asks for three backups in a row with POST /api/backups, and prints the server's RSS
 * before each, the highest during it (sampled every 50 ms) and 20 s after it. No uploads: they are hashed one file
 * at a time (decision 0016), so their memory does not grow with their number.
 * --smoke: a 10 MB database and 2 s of settling, nothing recorded.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openSqliteFile } from '../src/server/db/sqlite-driver.ts';
import { signUpFirstAccount } from './bench-accounts.ts';
import { peakDuring, rssMib } from './process-stats.ts';
import { recordResult } from './results.ts';
import { startServerProcess, tempDataDir, type ServerProcess } from '../tests/helpers/server-process.ts';

const argv = process.argv.slice(2).filter((arg) => arg !== '--');
const smoke = argv.includes('--smoke');
const MEGABYTES = smoke ? 10 : Number(argv.find((arg) => !arg.startsWith('--')) ?? 100);
const SETTLE_MS = smoke ? 2_000 : 20_000;
const BACKUPS = 3;
const ROW_BYTES = 4000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (value: number) => value.toFixed(1).padStart(6);

/** Adds about `megabytes` MB of rows to the (migrated, server-stopped) database, in its own table. */
function fillDatabase(file: string, megabytes: number): void {
  const db = openSqliteFile(file);
  try {
    db.exec('create table bench_backup_filler (id integer primary key, body blob not null)');
    const insert = db.prepare('insert into bench_backup_filler (body) values (?)');
    const rows = Math.round((megabytes * 1_000_000) / ROW_BYTES);
    db.transaction(() => {
      for (let row = 0; row < rows; row += 1) insert.run(randomBytes(ROW_BYTES));
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/** Makes one backup through the API; answers the highest RSS sampled every 50 ms while it ran. */
async function backUp(server: ServerProcess, cookie: string, pid: number): Promise<number> {
  const made = fetch(`${server.baseUrl}/api/backups`, { method: 'POST', headers: { cookie, origin: server.baseUrl } });
  const peak = await peakDuring(pid, made, 50);
  const response = await made;
  if (response.status !== 201) throw new Error(`backup: ${response.status} ${await response.text()}`);
  return peak;
}

const dataDir = tempDataDir('bench-backup-');
let server: ServerProcess | undefined;
try {
  // A first start migrates the database; the filler goes in while the server is stopped.
  server = await startServerProcess({ dataDir });
  await server.stop();
  const file = path.join(dataDir, 'homelab.db');
  fillDatabase(file, MEGABYTES);
  const size = fs.statSync(file).size / 1_000_000;

  server = await startServerProcess({ dataDir });
  const pid = server.child.pid ?? 0;
  const cookie = await signUpFirstAccount(server.baseUrl);
  await sleep(SETTLE_MS);
  console.log(`backup (${smoke ? 'smoke' : 'full'}): SQLite database of ${size.toFixed(0)} MB, no uploads`);
  console.log(`backup   RSS MiB before   highest   ${SETTLE_MS / 1000} s after`);
  const first = rssMib(pid);
  let last = first;
  let highest = 0;
  for (let backup = 1; backup <= BACKUPS; backup += 1) {
    const before = rssMib(pid);
    const peak = await backUp(server, cookie, pid);
    await sleep(SETTLE_MS);
    last = rssMib(pid);
    highest = Math.max(highest, peak);
    console.log(`${String(backup).padStart(6)}   ${mib(before)}        ${mib(peak)}    ${mib(last)}`);
  }
  const kept = last - first;
  const rise = highest - first;
  console.log(`RSS ${SETTLE_MS / 1000} s after the last backup minus before the first: ${kept.toFixed(1)} MiB`);
  console.log(`highest RSS during a backup minus before the first: ${rise.toFixed(1)} MiB`);

  if (!smoke) {
    const label = `${BACKUPS} backups of a ${size.toFixed(0)} MB SQLite database`;
    recordResult({
      bench: 'backup',
      subject: 'homelab-dashboard',
      method: `Built server (npm start flags), SQLite database filled to ${size.toFixed(0)} MB beforehand, no uploads; ${BACKUPS} backups in a row through POST /api/backups; server RSS from /proc before the first, every 50 ms during each and ${SETTLE_MS / 1000} s after each.`,
      command: `npm run build && npm run bench:backup -- ${MEGABYTES}`,
      figures: [
        {
          key: 'memory.backup.kept',
          label: `${label}: RSS after minus before`,
          value: Number(kept.toFixed(1)),
          unit: 'MiB',
        },
        {
          key: 'memory.backup.rise',
          label: `${label}: highest RSS during minus before`,
          value: Number(rise.toFixed(1)),
          unit: 'MiB',
        },
      ],
    });
  }
} finally {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
