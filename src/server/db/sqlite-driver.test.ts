import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { driverProblem, loadSqlite, nodeMajor, sqliteDriverFor } from './sqlite-driver.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('the SQLite driver for each Node release', () => {
  it('is better-sqlite3 12 below Node-API 10 (Node 20, 22.13) and 13 (prebuilt) from Node-API 10 (22.14, 24, 26)', () => {
    expect(sqliteDriverFor('9')).toEqual({ packageName: 'better-sqlite3-node20', major: 12 });
    // Every Node from 24.19, where better-sqlite3 12 aborts, has Node-API 10.
    for (const napi of ['10', 10, '11']) {
      expect(sqliteDriverFor(napi)).toEqual({ packageName: 'better-sqlite3', major: 13 });
    }
    expect(nodeMajor('v26.12.1')).toBe(26);
  });

  it('loads on the Node that runs this lane and opens a database', () => {
    const Database = loadSqlite();
    const db = new Database(':memory:');
    try {
      const row = db.prepare('select sqlite_version() as version').get() as { version: string };
      expect(row.version).toMatch(/^3\./);
    } finally {
      db.close();
    }
  });

  it('survives V8 collecting thousands of prepared statements (the crash of better-sqlite3 12 on Node 24.19+)', () => {
    const { packageName } = sqliteDriverFor();
    const canary = spawnSync(process.execPath, [path.join(ROOT, 'scripts/sqlite-gc-canary.mjs'), packageName], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ status: canary.status, signal: canary.signal, stdout: canary.stdout.trim() }).toEqual({
      status: 0,
      signal: null,
      stdout: 'ok',
    });
  }, 70_000);

  it('says in one line what to run when the driver is missing or built for another Node', () => {
    const node20 = sqliteDriverFor('9');
    const missing = Object.assign(new Error("Cannot find module 'better-sqlite3-node20'"), {
      code: 'MODULE_NOT_FOUND',
    });
    expect(driverProblem(node20, missing)).toMatch(
      /^The SQLite driver \(better-sqlite3 12\) for Node v\S+ is not installed: run npm ci/,
    );
    const otherAbi = new Error(
      "The module '/x/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 137.",
    );
    const line = driverProblem(node20, otherAbi);
    expect(line).toContain('was compiled for another Node release: run npm rebuild better-sqlite3-node20');
    expect(line).not.toContain('\n');
    expect(driverProblem(node20, new Error('boom\nstack'))).toMatch(
      /cannot load \(boom\): run npm ci, or set DATABASE_URL/,
    );
  });
});
