import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
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
  const db = openDatabase({ sqlitePath: file, sqliteNativeBinding: process.env.SQLITE_NATIVE_BINDING });
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
