import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { sqliteDriverFor } from '../../src/server/db/sqlite-driver.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { openRawSqlite } from '../helpers/raw-sqlite.ts';
import { freePort, runServerUntilExit, tempDataDir, type ServerExit } from '../helpers/server-process.ts';

/**
 * Issue 10: the built server refuses to start on a damaged database or an unusable configuration, with one line
 * that names what is wrong (no stack trace) and a non-zero exit code.
 */

let root: string;
beforeAll(() => {
  root = tempDataDir('homelab-startup-');
  // mkdtemp makes 0700; the "unwritable DATA_DIR" case runs the server as nobody, who must be able to reach it.
  fs.chmodSync(root, 0o755);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function folder(name: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The refusal: exit code 1 and exactly one line of output, without a stack trace. */
function refusal(exit: ServerExit): string {
  expect(exit.code, exit.output).toBe(1);
  const lines = exit.output.trim().split('\n');
  expect(lines, exit.output).toHaveLength(1);
  expect(exit.output).not.toMatch(/\n\s+at /);
  return lines[0] ?? '';
}

/** A migrated SQLite database with enough rows for many pages, written through to the main file. */
async function populatedDatabase(file: string): Promise<void> {
  const db = openDatabase({ sqlitePath: file });
  await migrateToLatest(db);
  const rows = Array.from({ length: 2000 }, (_, index) => ({ name: `filler-${index}`, value: 'x'.repeat(200) }));
  for (let start = 0; start < rows.length; start += 200) {
    await db.kysely
      .insertInto('app_secrets')
      .values(rows.slice(start, start + 200))
      .execute();
  }
  // Closing the last connection checkpoints the WAL into the main file and removes it.
  await db.close();
}

describe('start-up refusals', () => {
  it('refuses a SQLite file damaged in the middle, naming the file and how to restore it', async () => {
    const dataDir = folder('damaged');
    const file = path.join(dataDir, 'homelab.db');
    await populatedDatabase(file);
    const pageSize = 4096;
    const pages = fs.statSync(file).size / pageSize;
    expect(pages).toBeGreaterThan(50);
    // Garbage over a few pages in the middle: page 1 (the schema) and the migration tables stay readable.
    const handle = fs.openSync(file, 'r+');
    const garbage = Buffer.alloc(pageSize * 3, 0xa5);
    fs.writeSync(handle, garbage, 0, garbage.length, Math.floor(pages / 2) * pageSize);
    fs.closeSync(handle);

    const line = refusal(await runServerUntilExit({ dataDir }));
    expect(line).toContain(`The SQLite database ${file} is damaged`);
    expect(line).toContain('quick_check');
    expect(line).toContain('restore the file from a backup');
    expect(line).toContain(`sqlite3 ${file} ".recover"`);
  });

  it('refuses DATABASE_URL that is not a postgres:// URL, naming the variable', async () => {
    const line = refusal(
      await runServerUntilExit({ dataDir: folder('garbage-url'), env: { DATABASE_URL: 'garbage' } }),
    );
    expect(line).toBe(
      'Invalid configuration: DATABASE_URL: not a valid postgres:// URL (expected postgres://user:password@host:5432/database)',
    );
  });

  it('says which PostgreSQL server it could not reach, without the password', async () => {
    const port = await freePort(); // nothing listens there
    const exit = await runServerUntilExit({
      dataDir: folder('pg-down'),
      env: { DATABASE_URL: `postgres://homelab:hunter2-secret@127.0.0.1:${port}/homelab` },
    });
    const line = refusal(exit);
    expect(line).toBe(
      `Could not connect to the PostgreSQL server given by DATABASE_URL (127.0.0.1:${port}): connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(exit.output).not.toContain('hunter2');
  });

  it('says DATA_DIR is a file, not a directory', async () => {
    const file = path.join(root, 'a-file');
    fs.writeFileSync(file, 'not a directory');
    const line = refusal(await runServerUntilExit({ dataDir: file }));
    expect(line).toBe(`DATA_DIR ${file} is a file, not a directory: set DATA_DIR to a directory`);
  });

  it('says which file is in the way when DATA_DIR cannot be created', async () => {
    const file = path.join(root, 'another-file');
    fs.writeFileSync(file, 'not a directory');
    const line = refusal(await runServerUntilExit({ dataDir: path.join(file, 'data') }));
    expect(line).toBe(`DATA_DIR ${path.join(file, 'data')} cannot be created: ${file} is a file, not a directory`);
  });

  it('names an unwritable DATA_DIR and the permission problem', async () => {
    // Root ignores mode bits, so as root the server runs as nobody (setpriv) against a root-owned read-only folder.
    const dataDir = folder('read-only');
    fs.chmodSync(dataDir, 0o555);
    const asRoot = process.getuid?.() === 0;
    const runAs = asRoot ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups'] : undefined;
    const line = refusal(await runServerUntilExit({ dataDir, ...(runAs ? { runAs } : {}) }));
    expect(line).toMatch(
      new RegExp(`^DATA_DIR ${dataDir} is not writable: permission denied for (user \\S+ )?\\(?uid \\d+`),
    );
    expect(line).toContain('set DATA_DIR to a writable directory');
  });

  it('refuses a SESSION_SECRET shorter than 32 characters', async () => {
    const line = refusal(await runServerUntilExit({ dataDir: folder('short-secret'), env: { SESSION_SECRET: 'x' } }));
    expect(line).toMatch(/^Invalid configuration: SESSION_SECRET: must be at least 32 characters/);
  });
});

/** A TCP server on 127.0.0.1 that accepts connections and never writes a byte (a wrong port, a black hole). */
async function silentListener(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A read-only tmpfs mounted at `dir` (root in this sandbox may mount), or false when mounting is not permitted. */
function mountReadOnly(dir: string): boolean {
  fs.mkdirSync(dir, { recursive: true });
  return spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir], { stdio: 'ignore' }).status === 0;
}

describe('start-up edge cases (issue 27)', () => {
  it('refuses an empty PORT instead of listening on a random port', async () => {
    const exit = await runServerUntilExit({ dataDir: folder('empty-port'), env: { PORT: '' } });
    expect(refusal(exit)).toBe(
      'Invalid configuration: PORT: is empty: set a port number (1-65535), or unset PORT for 5000',
    );
  });

  it('refuses a port already in use with one line, before any job starts', async () => {
    const taken = await silentListener();
    try {
      const exit = await runServerUntilExit({ dataDir: folder('port-in-use'), port: taken.port });
      expect(refusal(exit)).toBe(`Port ${taken.port} is already in use: stop the other program or set PORT`);
    } finally {
      await taken.close();
    }
  });

  it('says a DATA_DIR to be created on a read-only mount is on a read-only file system', async () => {
    const mount = path.join(root, 'read-only-mount');
    const mounted = mountReadOnly(mount);
    try {
      const dataDir = path.join(mount, 'homelab', 'data');
      // Without the right to mount (not root), a folder without write permission stands in for the mount.
      if (!mounted) fs.chmodSync(mount, 0o555);
      const line = refusal(await runServerUntilExit({ dataDir }));
      expect(line).toBe(
        mounted
          ? `DATA_DIR ${dataDir} cannot be created: it is on a read-only file system; mount it read-write or set DATA_DIR to a writable directory`
          : expect.stringMatching(new RegExp(`^DATA_DIR ${dataDir} cannot be created: permission denied for `)),
      );
    } finally {
      if (mounted) spawnSync('umount', [mount], { stdio: 'ignore' });
    }
  });

  it('gives up on a PostgreSQL port that accepts but never answers within 5 s, naming host and port only', async () => {
    const blackHole = await silentListener();
    try {
      const started = performance.now();
      const exit = await runServerUntilExit({
        dataDir: folder('pg-silent'),
        env: { DATABASE_URL: `postgres://homelab:hunter2-secret@127.0.0.1:${blackHole.port}/homelab` },
      });
      const seconds = (performance.now() - started) / 1000;
      expect(refusal(exit)).toBe(
        `Could not connect to the PostgreSQL server given by DATABASE_URL (127.0.0.1:${blackHole.port}): ` +
          'no answer within 5 s; check that this host and port are a PostgreSQL server',
      );
      expect(exit.output).not.toContain('hunter2');
      // 5 s of waiting plus the server's own start; pg's default was 15 s.
      expect(seconds).toBeLessThan(12);
    } finally {
      await blackHole.close();
    }
  });

  it('never prints the bytes of a damaged schema, only what happened and what to do', async () => {
    const dataDir = folder('damaged-schema');
    const file = path.join(dataDir, 'homelab.db');
    await populatedDatabase(file);
    // A schema entry whose name and SQL are garbage: a newline, a terminal escape, invalid UTF-8.
    const raw = openRawSqlite(file);
    raw.unsafeMode(true);
    raw.pragma('writable_schema = ON');
    raw
      .prepare(
        `UPDATE sqlite_master SET name = CAST(X'73658081FEFF1B5B33316D0A0D' AS TEXT),
           sql = CAST(X'435245415445205441424C452022736574' || X'8081FEFF1B5B33316D0A0D00' || X'282961' AS TEXT)
         WHERE name = 'settings'`,
      )
      .run();
    raw.close();

    const line = refusal(await runServerUntilExit({ dataDir }));
    expect(line).toMatch(/^[\x20-\x7e]+$/);
    expect(line).toContain(`The SQLite database ${file} is damaged (malformed database schema); refusing to start`);
    expect(line).toContain('restore the file from a backup');
  });

  it('refuses with one line, not a stack, when the SQLite driver for this Node cannot be loaded', async () => {
    // The server finds no better-sqlite3 package at all (its compilation failed at install, say): a hook loaded
    // before the server makes resolving either package fail as Node does for a missing one.
    const hook = encodeURIComponent(
      "import M from 'node:module';const resolve=M._resolveFilename;" +
        'M._resolveFilename=function(request,...rest){if(request.startsWith("better-sqlite3")){' +
        'throw Object.assign(new Error("Cannot find module "+request),{code:"MODULE_NOT_FOUND"})}' +
        'return resolve.call(this,request,...rest)}',
    );
    const env = { NODE_OPTIONS: `--import=data:text/javascript,${hook}` };
    const line = refusal(await runServerUntilExit({ dataDir: folder('no-driver'), env }));
    const driver = sqliteDriverFor();
    expect(line).toBe(
      `The SQLite driver (better-sqlite3 ${driver.major}) for Node ${process.version} is not installed: run npm ci ` +
        '(Node 20 compiles it; that needs python3, make and g++), or set DATABASE_URL to use PostgreSQL',
    );
  });
});
