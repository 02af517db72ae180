import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.ts';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server.ts';
import { HttpTargets } from '../fakes/http-targets.ts';
import { TestClient } from '../helpers/http-client.ts';
import { openRawSqlite } from '../helpers/raw-sqlite.ts';
import { ROOT, startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue 27, item 4, on a real full disk: the built server with DATA_DIR on a 40 MB tmpfs, three services checked
 * against local targets, the tmpfs filled with a file while one target goes down. Then /readyz says why it is not
 * ready, signed-in reads go on (across a last-seen write), writes and backups answer 507 and the backup command
 * prints one line; once the file is deleted, writes succeed at once, the outage is recorded with its own time and
 * alerted by exactly one e-mail, and /readyz is ready again. Needs root (mount); fails, never skips, without it.
 */

const TMPFS_SIZE = '40m';
const INTERVAL_S = 5; // the shortest interval there is

let mountPoint: string;
let mounted = false;
let dataDir: string;
let filler: string;
let server: ServerProcess;
let smtp: FakeSmtp;
let targets: HttpTargets;
let admin: TestClient;
const ids: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 };
let backdatedTo: string;
let freedAt = 0;
let downSince = 0;

function mountTmpfs(dir: string): void {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    const detail = error instanceof Error && 'stderr' in error ? String(error.stderr).trim() : String(error);
    throw new Error(
      `disk-full.system.ts mounts a ${TMPFS_SIZE} tmpfs to fill it, which needs root (or CAP_SYS_ADMIN): ` +
        `mount -t tmpfs ${dir} failed: ${detail}`,
      { cause: error },
    );
  }
}

/** Fills the file system holding `file` to the last page: writes until ENOSPC, in big then page-sized pieces. */
function fillFileSystem(file: string): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size, 0x55);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** Runs the bundled backup command (what `npm run backup` runs) on this DATA_DIR. */
function backupCommand(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/backup-cli.js'), 'backup'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Reads the server's SQLite file (WAL: safe beside the running server, and on a full disk). */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = openRawSqlite(path.join(dataDir, 'homelab.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The newest last-seen time of any session (registering signed in once too: two sessions). */
function lastSeen(): string {
  return query<{ at: string }>('select max(last_seen_at) as at from sessions')[0]?.at ?? '';
}

async function servicesById(): Promise<Map<number, { status: boolean; lastChecked: string | null }>> {
  const response = await admin.get<{ id: number; status: boolean; lastChecked: string | null }[]>('/api/services');
  expect(response.status, response.text).toBe(200);
  return new Map(response.body.map((service) => [service.id, service]));
}

beforeAll(async () => {
  mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'homelab-full-'));
  mountTmpfs(mountPoint);
  mounted = true;
  dataDir = path.join(mountPoint, 'data');
  filler = path.join(mountPoint, 'filler');
  smtp = await startFakeSmtp();
  targets = await new HttpTargets().start();
  server = await startServerProcess({
    dataDir,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'none',
      SMTP_FROM: 'lab@example.test',
      // Nothing else on the small disk: no daily backup, no geo-IP cache (its ASN file alone is 10 MB).
      BACKUP_SCHEDULE: 'off',
      GEOIP: 'off',
    },
  });
  admin = new TestClient(server.baseUrl);
  const account = { username: 'keeper', email: 'keeper@example.test', password: 'keeper-secret-1' };
  expect((await admin.post('/api/register', account)).status).toBe(201);
  expect((await admin.post('/api/login', { username: account.username, password: account.password })).status).toBe(200);
  for (const name of ['a', 'b', 'c'] as const) {
    targets.setStatus(name, 200);
    const created = await admin.post<{ id: number }>('/api/services', {
      name: `Service ${name}`,
      url: targets.url(`/status/${name}`),
      refreshInterval: INTERVAL_S,
    });
    expect(created.status, created.text).toBe(201);
    ids[name] = created.body.id;
  }
});

afterAll(async () => {
  await server?.stop();
  await targets?.close();
  await smtp?.close();
  if (mounted) execFileSync('umount', [mountPoint]);
  if (mountPoint) fs.rmSync(mountPoint, { recursive: true, force: true });
});

describe('a full disk under the running server', () => {
  it('starts with every service checked up, and a watcher subscribed to service a', async () => {
    await until(
      async () => [...(await servicesById()).values()].every((service) => service.status),
      'every service to be checked up',
      30_000,
    );
    // The first checks' changes (a new service coming up) are through the outbox before anyone subscribes.
    await until(
      () =>
        query<{ n: number }>('select count(*) as n from service_status_changes where "processedAt" is null')[0]?.n ===
        0,
      'the outbox to take the first changes',
    );
    const preference = await admin.post('/api/notification-preferences', {
      serviceId: ids.a,
      email: 'watcher@example.test',
      enabled: true,
    });
    expect(preference.status, preference.text).toBe(200);
    expect(smtp.inbox).toEqual([]);
  });

  it('says not ready with the reason, keeps signed-in reads going across a last-seen write, and answers writes 507', async () => {
    // The session's last-seen time a minute and more ago (no 60 s wait): the next signed-in read writes it.
    backdatedTo = new Date(Date.now() - 5 * 60_000).toISOString();
    const db = openRawSqlite(path.join(dataDir, 'homelab.db'));
    try {
      db.prepare('update sessions set last_seen_at = ?').run(backdatedTo);
      // An empty WAL, as after a quiet checkpoint: the server's next write has to grow it.
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
    fillFileSystem(filler);
    targets.setStatus('a', 503);
    downSince = Date.now();

    // The monitor's next batch fails for the full disk: readiness says so, with the server's words.
    await until(async () => (await admin.get('/readyz')).status === 503, '/readyz to say not ready', 20_000);
    const readyz = await admin.get('/readyz');
    expect(readyz.body).toEqual({ status: 'not ready', reason: MSG.diskFull });
    const healthz = await admin.get('/healthz');
    expect(healthz.status).toBe(200);
    expect(healthz.body).toEqual({ status: 'ok' });

    // Signed-in reads, the first of them due to write the last-seen time (which fails): all answered signed in.
    for (let read = 0; read < 3; read += 1) {
      const me = await admin.get<{ username: string }>('/api/user');
      expect(me.status, me.text).toBe(200);
      expect(me.body.username).toBe('keeper');
      expect((await admin.get('/api/services')).status).toBe(200);
    }
    expect(lastSeen()).toBe(backdatedTo);

    const refused = await admin.post('/api/services', { name: 'During', url: targets.url('/up'), refreshInterval: 60 });
    expect(refused.status, refused.text).toBe(507);
    expect(refused.body).toEqual({ message: MSG.diskFull });
  });

  it('fails a backup with the reason: the route 507, the command one line and exit code 1, nothing left behind', async () => {
    const route = await admin.post('/api/backups');
    expect(route.status, route.text).toBe(507);
    expect(route.body).toEqual({ message: MSG.diskFull });

    const command = await backupCommand();
    expect(command.code, command.stderr).toBe(1);
    const lines = command.stderr.trim().split('\n');
    expect(lines, command.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^Backup failed: the disk is full \(.+\)\. Nothing was kept; free space on the disk of /);
    expect(command.stderr).not.toMatch(/\n\s+at /);
    const backups = path.join(dataDir, 'backups');
    expect(fs.existsSync(backups) ? fs.readdirSync(backups) : []).toEqual([]);
  });

  it('holds the outage while the disk is full: service a went down, nothing of it is stored yet', async () => {
    // Two checks of a have met its 503 since the disk filled (the monitor checks every 5 s).
    const seen = targets.of('/status/a').arrivals.filter((at) => at >= downSince).length;
    await until(
      () => targets.of('/status/a').arrivals.filter((at) => at >= downSince).length >= Math.max(seen, 2),
      'two checks of service a during the outage',
      20_000,
    );
    expect((await servicesById()).get(ids.a)?.status).toBe(true);
    expect(query('select * from service_status_changes where "serviceId" = ? and status = 0', ids.a)).toEqual([]);
  });

  it('takes writes at once once space is freed, records the outage with its own time and alerts it exactly once', async () => {
    fs.rmSync(filler);
    freedAt = Date.now();
    const created = await admin.post<{ id: number }>('/api/services', {
      name: 'After',
      url: targets.url('/up'),
      refreshInterval: 60,
    });
    expect(created.status, created.text).toBe(201);
    const ready = await admin.get('/readyz');
    expect(ready.status, ready.text).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', leader: true });

    // The monitor's retry (within a second) writes what it held, the change among it.
    await until(
      () => query<{ status: number }>('select status from services where id = ?', ids.a)[0]?.status === 0,
      'service a to be recorded down',
    );
    const changes = query<{ changedAt: string }>(
      'select "changedAt" from service_status_changes where "serviceId" = ? and status = 0',
      ids.a,
    );
    expect(changes).toHaveLength(1);
    const changedAt = Date.parse(changes[0]?.changedAt ?? '');
    expect(changedAt).toBeGreaterThanOrEqual(downSince - 1_000);
    expect(changedAt).toBeLessThan(freedAt);

    // One DOWN mail to the watcher, sent and recorded once.
    const [mail] = await smtp.waitFor(1, 15_000);
    expect(mail?.to).toEqual(['watcher@example.test']);
    expect(mail?.mail.subject).toMatch(/Service a is DOWN/);
    await until(
      () =>
        query<{ n: number }>(
          `select count(*) as n from notification_deliveries where state in ('pending', 'sending')`,
        )[0]?.n === 0,
      'the outbox to finish',
    );
    const deliveries = query<{ state: string }>('select state from notification_deliveries');
    expect(deliveries).toEqual([{ state: 'sent' }]);
    expect(smtp.inbox).toHaveLength(1);

    // The last-seen write works again, and the log never hid the disk behind a rollback error or a 500.
    expect((await admin.get('/api/user')).status).toBe(200);
    expect(lastSeen() > backdatedTo).toBe(true);
    const log = server.log();
    expect(log).toMatch(/the disk is full: check results are held in memory/);
    expect(log).not.toMatch(/cannot rollback|no transaction is active|"request failed"|Internal server error/);
  });
});
