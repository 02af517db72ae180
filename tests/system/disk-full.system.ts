import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.ts';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server.ts';
import { HttpTargets } from '../fakes/http-targets.ts';
import { runWithDataDir, type CommandResult } from '../helpers/data-dir-command.ts';
import { TestClient } from '../helpers/http-client.ts';
import { openRawSqlite } from '../helpers/raw-sqlite.ts';
import { ROOT, startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue 27, item 4, on a real full disk: the built server with DATA_DIR on a 40 MB tmpfs, three services checked
 * against local targets, the tmpfs filled with a file while one target goes down and another goes down and comes
 * back. Then /readyz says why it is not ready, signed-in reads go on (across a last-seen write), writes and backups
 * answer 507 and the backup command prints one line; once the file is deleted, writes succeed at once, both outages
 * are recorded with their own times and each is alerted by exactly one DOWN e-mail (the one that ended too: its UP
 * follows after the 5-minute anti-storm window, which tests/routes/disk-full.test.ts shows on a test clock), and
 * /readyz is ready again. Needs root (mount); fails, never skips, without it.
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
/** When service b's target answered its first failed check (b is down and up again while the disk is full). */
let bFailedAt = 0;

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
function backupCommand(): Promise<CommandResult> {
  return runWithDataDir(process.execPath, [path.join(ROOT, 'dist/server/backup-cli.js'), 'backup'], dataDir);
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
  it('starts with every service checked up, and watchers subscribed to services a and b', async () => {
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
    for (const [serviceId, email] of [
      [ids.a, 'watcher@example.test'],
      [ids.b, 'b-watcher@example.test'],
    ] as const) {
      const preference = await admin.post('/api/notification-preferences', { serviceId, email, enabled: true });
      expect(preference.status, preference.text).toBe(200);
    }
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
    targets.setStatus('b', 503);
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

  it('holds the outages while the disk is full: a went down, b down and up again, nothing of them stored yet', async () => {
    // Two checks of a and of b have met their 503 since the disk filled (the monitor checks every 5 s).
    const failedChecks = (name: 'a' | 'b') => targets.of(`/status/${name}`).arrivals.filter((at) => at >= downSince);
    await until(
      () => failedChecks('a').length >= 2 && failedChecks('b').length >= 2,
      'two checks of services a and b during the outage',
      20_000,
    );
    // b comes back: a check meets its 200, still during the full disk.
    targets.setStatus('b', 200);
    const upSince = Date.now();
    await until(
      () => targets.of('/status/b').arrivals.some((at) => at >= upSince),
      'a check of service b after it came back',
      20_000,
    );
    bFailedAt = failedChecks('b')[0] ?? 0;
    const stored = await servicesById();
    expect(stored.get(ids.a)?.status).toBe(true);
    expect(stored.get(ids.b)?.status).toBe(true);
    expect(
      query('select * from service_status_changes where "serviceId" in (?, ?) and status = 0', ids.a, ids.b),
    ).toEqual([]);
    // The disk stays full a while longer: b's changes reach the outbox well after they happened (more than the
    // 30 s that tell a change queued late from one queued on time, delivery-rules.ts queuedLate).
    await until(() => Date.now() >= bFailedAt + 32_000, "32 s past b's first failed check", 45_000);
  });

  it('takes writes at once once space is freed, records the outages with their own times and alerts each once', async () => {
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

    // b's outage, down and up again, recorded as both changes with their own times.
    const bQuery = () =>
      query<{ status: number; changedAt: string }>(
        'select status, "changedAt" from service_status_changes where "serviceId" = ? order by id',
        ids.b,
      );
    await until(() => bQuery().length >= 3, "service b's outage to be recorded");
    const bChanges = bQuery().slice(1);
    expect(bChanges.map((change) => change.status)).toEqual([0, 1]);
    expect(Date.parse(bChanges[0]?.changedAt ?? '')).toBeGreaterThanOrEqual(downSince - 1_000);
    expect(Date.parse(bChanges[0]?.changedAt ?? '')).toBeLessThanOrEqual(bFailedAt);
    expect(Date.parse(bChanges[1]?.changedAt ?? '')).toBeLessThan(freedAt);

    // One DOWN mail to each watcher, sent and recorded once: b's too, although b was up again when it was written.
    await smtp.waitFor(2, 15_000);
    const mails = () =>
      smtp.inbox.map((received) => [received.to.join(), (received.mail.subject ?? '').replace(/^\[.*?\] /, '')]).sort();
    expect(mails()).toEqual([
      ['b-watcher@example.test', 'Service b is DOWN'],
      ['watcher@example.test', 'Service a is DOWN'],
    ]);
    await until(
      () =>
        query<{ n: number }>(
          `select count(*) as n from notification_deliveries where state = 'sending' or (state = 'pending' and "serviceId" = ?)`,
          ids.a,
        )[0]?.n === 0,
      'the outbox to finish',
    );
    const deliveries = query<{ serviceId: number; status: number; state: string; nextAttemptAt: string }>(
      'select "serviceId", status, state, "nextAttemptAt" from notification_deliveries order by id',
    );
    expect(deliveries.map(({ serviceId, status, state }) => ({ serviceId, status, state }))).toEqual([
      { serviceId: ids.a, status: 0, state: 'sent' },
      { serviceId: ids.b, status: 0, state: 'sent' },
      { serviceId: ids.b, status: 1, state: 'pending' },
    ]);
    // b's UP waits for the anti-storm window: 5 minutes after its DOWN mail.
    expect(Date.parse(deliveries[2]?.nextAttemptAt ?? '')).toBeGreaterThan(Date.now() + 4 * 60_000);
    // Further outbox runs (every second) send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.inbox).toHaveLength(2);

    // The last-seen write works again, and the log never hid the disk behind a rollback error or a 500.
    expect((await admin.get('/api/user')).status).toBe(200);
    expect(lastSeen() > backdatedTo).toBe(true);
    const log = server.log();
    expect(log).toMatch(/the disk is full: check results are held in memory/);
    expect(log).not.toMatch(/cannot rollback|no transaction is active|"request failed"|Internal server error/);
  });
});
