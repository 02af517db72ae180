import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StartupError } from '../startup-error.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { checkSqliteIntegrity, damagedDatabaseError } from './sqlite-integrity.ts';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homelab-integrity-'));
  file = path.join(dir, 'homelab.db');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const open = () => openDatabase({ sqlitePath: file });

/** The schema plus rows over many pages, checkpointed into the main file. */
async function fill(): Promise<number> {
  const db = open();
  await migrateToLatest(db);
  const rows = Array.from({ length: 1000 }, (_, index) => ({ name: `filler-${index}`, value: 'x'.repeat(300) }));
  await db.kysely.insertInto('app_secrets').values(rows).execute();
  await db.close();
  return fs.statSync(file).size / 4096;
}

describe('checkSqliteIntegrity', () => {
  it('passes a healthy file and says how long it took', async () => {
    await fill();
    const db = open();
    try {
      expect(await checkSqliteIntegrity(db, file)).toBeGreaterThanOrEqual(0);
    } finally {
      await db.close();
    }
  });

  it('refuses a file damaged in the middle, naming it and the ways back', async () => {
    const pages = await fill();
    const handle = fs.openSync(file, 'r+');
    fs.writeSync(handle, Buffer.alloc(4096 * 2, 0x5a), 0, 4096 * 2, Math.floor(pages / 2) * 4096);
    fs.closeSync(handle);
    const db = open();
    try {
      const refusal = checkSqliteIntegrity(db, file);
      await expect(refusal).rejects.toBeInstanceOf(StartupError);
      await expect(refusal).rejects.toThrow(`The SQLite database ${file} is damaged (quick_check: `);
      await expect(refusal).rejects.toThrow(
        `sqlite3 ${file} ".recover" | sqlite3 ${path.join(dir, 'homelab-recovered.db')}`,
      );
    } finally {
      await db.close();
    }
  });

  it('refuses a file that is not a database at all when opening it', () => {
    fs.writeFileSync(file, Buffer.alloc(8192, 0x41));
    expect(() => open()).toThrow(`The SQLite database ${file} is damaged (file is not a database)`);
  });
});

describe('damagedDatabaseError', () => {
  it('is one line', () => {
    expect(damagedDatabaseError('/data/homelab.db', 'x').message).not.toContain('\n');
  });
});
