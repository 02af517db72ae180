import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MSG, type BackupListWire, type BackupWire } from '../../src/shared/schemas/backups.ts';
import { BackupService } from '../../src/server/backups/backup.service.ts';
import { latestMigrationName } from '../../src/server/db/migrate.ts';
import { dailyBackupJob } from '../../src/server/jobs/daily-backup.job.ts';
import { serverJobs } from '../../src/server/jobs/scheduler.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';
import { openRawSqlite } from '../helpers/raw-sqlite.ts';

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
const clock = new TestClock(new Date('2030-01-01T10:00:00.000Z'));

beforeAll(async () => {
  app = await startTestApp({ clock });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
});
afterAll(async () => {
  await app.close();
});

const isSqlite = () => app.testDb.db.dialect === 'sqlite';
const backupsDir = () => path.join(app.dataDir, 'backups');

async function list(): Promise<BackupListWire> {
  const response = await admin.get<BackupListWire>('/api/backups');
  expect(response.status).toBe(200);
  return response.body;
}

async function removeAllBackups(): Promise<void> {
  for (const backup of (await list()).backups) {
    expect((await admin.delete(`/api/backups/${backup.name}`)).status).toBe(200);
  }
}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function writeUpload(relative: string, content: Buffer): void {
  const file = path.join(app.dataDir, 'uploads', relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

describe('making a backup', () => {
  it('copies the database and the uploads with a manifest of sizes and SHA-256, and lists it', async () => {
    await removeAllBackups();
    writeUpload('service/icon-one.webp', Buffer.from('first upload'));
    writeUpload('site/logo.webp', Buffer.from('second upload'));
    expect((await list()).backups).toEqual([]);

    const response = await admin.post<BackupWire>('/api/backups');
    expect(response.status).toBe(201);
    const made = response.body;
    expect(made.name).toBe('2030-01-01T10-00-00-000Z');
    expect(made.createdAt).toBe('2030-01-01T10:00:00.000Z');
    expect(made.kind).toBe(isSqlite() ? 'full' : 'uploads-only');

    const folder = path.join(backupsDir(), made.name);
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as {
      database: string;
      schemaVersion: string;
      createdAt: string;
      files: { path: string; size: number; sha256: string }[];
    };
    expect(manifest.createdAt).toBe('2030-01-01T10:00:00.000Z');
    expect(manifest.database).toBe(app.testDb.db.dialect);
    expect(manifest.schemaVersion).toBe(latestMigrationName({ dialect: 'sqlite' }));
    const paths = manifest.files.map((file) => file.path).sort();
    expect(paths).toEqual([
      ...(isSqlite() ? ['homelab.db'] : []),
      'uploads/service/icon-one.webp',
      'uploads/site/logo.webp',
    ]);
    for (const file of manifest.files) {
      const copy = path.join(folder, file.path);
      expect(fs.statSync(copy).size, file.path).toBe(file.size);
      expect(sha256(copy), file.path).toBe(file.sha256);
    }
    expect(made.size).toBe(manifest.files.reduce((sum, file) => sum + file.size, 0));
    expect(fs.readFileSync(path.join(folder, 'uploads/site/logo.webp'), 'utf8')).toBe('second upload');
    // Only the server's user may read a backup: it holds the database, secrets included.
    expect(fs.statSync(folder).mode & 0o077).toBe(0);

    if (isSqlite()) {
      // The copy is a whole database: the accounts are there, and it needs no WAL file beside it.
      const copy = openRawSqlite(path.join(folder, 'homelab.db'), { readonly: true });
      const users = copy.prepare('select username from users order by id').all();
      copy.close();
      const live = await app.testDb.db.kysely.selectFrom('users').select('username').orderBy('id').execute();
      expect(users).toEqual(live);
    }
    expect((await list()).backups).toEqual([made]);
    const listed = await list();
    expect(listed.database).toBe(app.testDb.db.dialect);
    expect(listed.schedule).toBe('daily');
  });

  it('answers 409 while a backup runs, and never lists one that is half written', async () => {
    await removeAllBackups();
    clock.advance(60_000);
    // Enough uploads that copying and hashing them takes many turns of the event loop.
    const chunk = Buffer.alloc(100 * 1024, 7);
    for (let index = 0; index < 200; index += 1) writeUpload(`service/bulk-${index}.webp`, chunk);
    try {
      const first = admin.post<BackupWire>('/api/backups');
      await until(
        () => fs.existsSync(backupsDir()) && fs.readdirSync(backupsDir()).some((name) => name.startsWith('.partial-')),
        'the first backup to start writing',
      );
      const listedMeanwhile = await list();
      const second = await admin.post('/api/backups');
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(BACKUP_MSG.running);
      expect(listedMeanwhile.backups).toEqual([]);
      expect((await first).status).toBe(201);
      expect((await list()).backups).toHaveLength(1);
      expect(fs.readdirSync(backupsDir()).filter((name) => name.startsWith('.'))).toEqual([]);
    } finally {
      fs.rmSync(path.join(app.dataDir, 'uploads'), { recursive: true, force: true });
    }
  });
});

describe('deleting a backup', () => {
  it('deletes by exact name and answers 404 for a name no backup has', async () => {
    await removeAllBackups();
    clock.advance(60_000);
    const made = (await admin.post<BackupWire>('/api/backups')).body;
    const response = await admin.delete(`/api/backups/${made.name}`);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(BACKUP_MSG.deleted);
    expect(fs.existsSync(path.join(backupsDir(), made.name))).toBe(false);
    expect((await list()).backups).toEqual([]);
    const again = await admin.delete(`/api/backups/${made.name}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(BACKUP_MSG.notFound);
  });

  it('reaches nothing but a backup folder, however the name is spelled', async () => {
    await removeAllBackups();
    clock.advance(60_000);
    const kept = (await admin.post<BackupWire>('/api/backups')).body;
    // Bait: files beside and above the backups folder, one of them named like a backup.
    fs.mkdirSync(path.join(app.dataDir, kept.name.replace('2030', '2031')), { recursive: true });
    fs.writeFileSync(path.join(app.dataDir, 'bait.txt'), 'keep me');
    const beside = kept.name.replace('2030', '2031');
    const spellings = [
      '..',
      '.',
      '%2e%2e',
      '%2E%2E',
      '..%2fbait.txt',
      '..%2Fbait.txt',
      `..%2f${beside}`,
      `%2e%2e%2f${beside}`,
      '..%5cbait.txt',
      '..\\bait.txt',
      '%2fetc%2fpasswd',
      `${kept.name}%2f..`,
      `${kept.name}%2f..%2f..%2fbait.txt`,
      `${kept.name}%00`,
      `${kept.name}%20`,
      `${kept.name}.`,
      `${kept.name}/`,
      `${kept.name}/..`,
      `%20${kept.name}`,
      kept.name.toLowerCase(),
      `${kept.name.slice(0, -1)}z`,
      '2030-02-31T10-00-00-000Z',
      '.partial-x-1',
      'manifest.json',
      '%252e%252e',
      `..%252f${beside}`,
      'backups',
      '*',
    ];
    const cookie = [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    for (const spelling of spellings) {
      const response = await rawRequest(app.baseUrl, 'DELETE', `/api/backups/${spelling}`, { headers: { cookie } });
      expect([400, 404], `${spelling}: ${response.status} ${response.text}`).toContain(response.status);
    }
    expect((await list()).backups.map((backup) => backup.name)).toEqual([kept.name]);
    expect(fs.readFileSync(path.join(app.dataDir, 'bait.txt'), 'utf8')).toBe('keep me');
    expect(fs.existsSync(path.join(app.dataDir, beside))).toBe(true);
    if (isSqlite()) expect(fs.existsSync(app.testDb.location)).toBe(true);
  });
});

describe('the daily job and retention', () => {
  it('is one of the leader-only jobs', () => {
    const job = serverJobs(app.built.services).find((candidate) => candidate.name === 'daily-backup');
    expect(job?.leaderOnly).toBe(true);
  });

  it('makes one backup a day and keeps the newest of each of 7 days and of each of 4 ISO weeks', async () => {
    await removeAllBackups();
    const job = dailyBackupJob(app.built.services);
    clock.advance(new Date('2030-01-01T09:00:00.000Z').getTime() - clock.now().getTime() + 86_400_000);
    // 2030-01-02 09:00 UTC to 2030-03-01: the job looks every hour; three looks a day stand in for them.
    while (clock.now() < new Date('2030-03-01T23:00:00.000Z')) {
      await job.run();
      clock.advance(5 * 3_600_000);
      await job.run();
      clock.advance(5 * 3_600_000);
      await job.run();
      clock.advance(14 * 3_600_000);
    }
    // Two months on, the earlier session has expired.
    admin = await actors.admin.signIn();
    const names = (await list()).backups.map((backup) => backup.name);
    // 2030-03-01 is a Friday. Daily: 23 Feb to 1 Mar. Weekly (Monday to Sunday): the weeks ending 3 Mar and
    // 24 Feb are covered by those days; the weeks ending 17 Feb and 10 Feb keep their Sundays.
    expect(names).toEqual([
      '2030-03-01T09-00-00-000Z',
      '2030-02-28T09-00-00-000Z',
      '2030-02-27T09-00-00-000Z',
      '2030-02-26T09-00-00-000Z',
      '2030-02-25T09-00-00-000Z',
      '2030-02-24T09-00-00-000Z',
      '2030-02-23T09-00-00-000Z',
      '2030-02-17T09-00-00-000Z',
      '2030-02-10T09-00-00-000Z',
    ]);
    expect(fs.readdirSync(backupsDir()).sort()).toEqual([...names].sort());
  });

  it('makes none when BACKUP_SCHEDULE is off, while a backup on request still works', async () => {
    const dataDir = fs.mkdtempSync(path.join(app.dataDir, 'off-'));
    const service = new BackupService({
      source: {
        dataDir,
        uploadsDir: path.join(dataDir, 'uploads'),
        sqliteFile: null,
        codeSchemaVersion: latestMigrationName({ dialect: 'sqlite' }),
      },
      clock,
      schedule: 'off',
    });
    expect(await service.runScheduled()).toBeNull();
    expect(await service.list()).toEqual([]);
    const made = await service.create();
    expect(made.kind).toBe('uploads-only');
    expect((await service.list()).map((backup) => backup.name)).toEqual([made.name]);
  });
});
