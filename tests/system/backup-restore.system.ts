import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithDataDir, type CommandResult } from '../helpers/data-dir-command.ts';
import { TestClient } from '../helpers/http-client.ts';
import { startServerProcess, tempDataDir, type ServerProcess } from '../helpers/server-process.ts';
import { until } from '../helpers/until.ts';
import { openRawSqlite } from '../helpers/raw-sqlite.ts';

/**
 * Issue 15: `npm run backup` while the built server runs and writes, then `npm run restore` into a fresh
 * DATA_DIR gives back every row of every table and every upload byte for byte; a restore onto the DATA_DIR of
 * a running server is refused and changes nothing.
 */

let source: string;
let fresh: string;
let server: ServerProcess;
let target: http.Server;
const account = { username: 'keeper', email: 'keeper@example.test', password: 'keeper-secret-1' };

/**
 * `npm run <script> -- args` with a minimal environment naming the DATA_DIR; `maxOpenFiles` runs it under that
 * limit of file descriptors (prlimit, soft and hard, so Node cannot raise it).
 */
function npmRun(script: string, args: string[], dataDir: string, maxOpenFiles?: number): Promise<CommandResult> {
  const npm = ['npm', 'run', '--silent', script, '--', ...args];
  const [command = 'npm', ...commandArgs] = maxOpenFiles ? ['prlimit', `--nofile=${maxOpenFiles}`, ...npm] : npm;
  return runWithDataDir(command, commandArgs, dataDir);
}

function count(file: string, table: string): number {
  const db = openRawSqlite(file, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Every table (from sqlite_master) with all its rows in a stable order. */
function dump(file: string): Record<string, unknown[]> {
  const db = openRawSqlite(file, { readonly: true });
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [name, db.prepare(`select * from "${name}" order by 1, 2`).all()]),
    );
  } finally {
    db.close();
  }
}

/** Relative path to the SHA-256 of every file below `dir` (a deep comparison of megabytes of Buffers is slow). */
function filesOf(dir: string): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  const entries = fs.readdirSync(dir, { recursive: true }).map(String);
  return Object.fromEntries(
    entries
      .filter((relative) => fs.statSync(path.join(dir, relative)).isFile())
      .sort()
      .map((relative) => [
        relative,
        createHash('sha256')
          .update(fs.readFileSync(path.join(dir, relative)))
          .digest('hex'),
      ]),
  );
}

beforeAll(async () => {
  source = tempDataDir('homelab-backup-source-');
  fresh = path.join(tempDataDir('homelab-backup-fresh-'), 'data');
  target = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  server = await startServerProcess({ dataDir: source });
});
afterAll(async () => {
  await server.stop();
  await new Promise((resolve) => target.close(resolve));
  fs.rmSync(source, { recursive: true, force: true });
  fs.rmSync(path.dirname(fresh), { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('backs up a running server and restores every row and upload into a fresh DATA_DIR', async () => {
    // Data of every kind: accounts, services (checked by the monitor: history), an upload, an e-mail template.
    const admin = new TestClient(server.baseUrl);
    expect((await admin.post('/api/register', account)).status).toBe(201);
    expect((await admin.post('/api/login', { username: account.username, password: account.password })).status).toBe(
      200,
    );
    const other = new TestClient(server.baseUrl);
    const registered = await other.post('/api/register', {
      username: 'second',
      email: 'second@example.test',
      password: 'second-secret-1',
    });
    expect(registered.status).toBe(201);
    const address = target.address();
    if (!address || typeof address === 'string') throw new Error('no target address');
    for (const name of ['Router', 'NAS', 'Printer']) {
      const created = await admin.post('/api/services', { name, url: `http://127.0.0.1:${address.port}/${name}` });
      expect(created.status, created.text).toBe(201);
    }
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('type', 'service');
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'icon.png');
    const uploaded = await admin.request('POST', '/api/upload/service', { form });
    expect(uploaded.status, uploaded.text).toBe(200);
    const template = await admin.post('/api/email-templates', {
      name: 'Kept template',
      subject: '{{serviceName}} is {{status}}',
      template: '<p>{{serviceName}} went {{status}} at {{timestamp}}</p>',
    });
    expect(template.status, template.text).toBe(201);
    const database = path.join(source, 'homelab.db');
    await until(() => count(database, 'service_checks') >= 3, 'the monitor to record checks', 30_000);

    // The backup runs while the server keeps checking (and writing).
    const backup = await npmRun('backup', [], source);
    expect(backup.code, backup.stderr).toBe(0);
    const folder = /Backup written to (\S+)/.exec(backup.stdout)?.[1] ?? '';
    expect(fs.existsSync(path.join(folder, 'manifest.json')), backup.stdout).toBe(true);
    const copy = path.join(folder, 'homelab.db');
    expect(count(copy, 'users')).toBe(2);
    expect(count(copy, 'services')).toBe(3);
    expect(count(copy, 'service_checks')).toBeGreaterThanOrEqual(3);
    expect(count(copy, 'email_templates')).toBeGreaterThanOrEqual(2);

    // Refused while the server runs on that DATA_DIR, and nothing there is touched.
    const before = fs.readdirSync(source).sort();
    const refused = await npmRun('restore', [folder], source);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain(`A server is running on DATA_DIR ${source}`);
    expect(fs.readdirSync(source).sort()).toEqual(before);

    // Into a fresh DATA_DIR (no server there).
    const restored = await npmRun('restore', [folder], fresh);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('nothing was kept aside');
    const expectedRows = dump(copy);
    expect(Object.keys(expectedRows)).toContain('kysely_migration');
    expect(dump(path.join(fresh, 'homelab.db'))).toEqual(expectedRows);

    // The uploads, byte for byte, as they are in the running server's DATA_DIR.
    const uploads = filesOf(path.join(source, 'uploads'));
    expect(Object.keys(uploads).length).toBeGreaterThan(0);
    expect(filesOf(path.join(fresh, 'uploads'))).toEqual(uploads);

    // A server on the restored DATA_DIR signs the account in and lists the services.
    const revived = await startServerProcess({ dataDir: fresh });
    try {
      const client = new TestClient(revived.baseUrl);
      const login = await client.post('/api/login', { username: account.username, password: account.password });
      expect(login.status).toBe(200);
      const services = await client.get<{ name: string }[]>('/api/services');
      expect(services.body.map((service) => service.name).sort()).toEqual(['NAS', 'Printer', 'Router']);
    } finally {
      await revived.stop();
    }

    // Restoring again keeps what was there aside and says where.
    const again = await npmRun('restore', [path.join(folder, 'manifest.json')], fresh);
    expect(again.code, again.stderr).toBe(0);
    const aside = /kept in (\S+):/.exec(again.stdout)?.[1] ?? '';
    expect(fs.existsSync(path.join(aside, 'homelab.db')), again.stdout).toBe(true);
  });

  it('refuses a damaged backup without touching DATA_DIR', async () => {
    const backup = await npmRun('backup', [], source);
    expect(backup.code, backup.stderr).toBe(0);
    const folder = /Backup written to (\S+)/.exec(backup.stdout)?.[1] ?? '';
    const file = path.join(folder, 'homelab.db');
    const handle = fs.openSync(file, 'r+');
    fs.writeSync(handle, Buffer.from('x'), 0, 1, 5000);
    fs.closeSync(handle);
    const damagedTarget = path.join(path.dirname(fresh), 'damaged');
    const refused = await npmRun('restore', [folder], damagedTarget);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('homelab.db does not match its size and SHA-256');
    expect(fs.existsSync(path.join(damagedTarget, 'homelab.db'))).toBe(false);
  });

  it('backs up and restores more uploads than it may hold files open at once, each with its own SHA-256', async () => {
    // 300 uploads (one of them 2.5 MiB: several reads of the hash buffer) under a limit of 128 descriptors.
    const folderOfUploads = path.join(source, 'uploads', 'service');
    fs.mkdirSync(folderOfUploads, { recursive: true });
    const bulk = Array.from({ length: 300 }, (_, index) => ({
      relative: `uploads/service/bulk-${String(index).padStart(3, '0')}.png`,
      bytes: randomBytes(index === 7 ? 2.5 * 1024 * 1024 : 1000 + index),
    }));
    for (const file of bulk) fs.writeFileSync(path.join(source, ...file.relative.split('/')), file.bytes);

    const backup = await npmRun('backup', [], source, 128);
    expect(backup.code, backup.stderr).toBe(0);
    const folder = /Backup written to (\S+)/.exec(backup.stdout)?.[1] ?? '';
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as {
      files: { path: string; size: number; sha256: string }[];
    };
    const listed = new Map(manifest.files.map((entry) => [entry.path, entry]));
    for (const file of bulk) {
      expect(listed.get(file.relative)).toEqual({
        path: file.relative,
        size: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
      });
    }

    const restoredDir = path.join(path.dirname(fresh), 'many-uploads');
    const restored = await npmRun('restore', [folder], restoredDir, 128);
    expect(restored.code, restored.stderr).toBe(0);
    expect(filesOf(path.join(restoredDir, 'uploads'))).toEqual(filesOf(path.join(source, 'uploads')));
  });
});
