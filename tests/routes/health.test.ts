import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { migrationsFor } from '../../src/server/db/migrate.ts';
import { readEnv } from '../../src/server/env.ts';
import { createTestDb } from '../helpers/test-db.ts';
import { registerClient, startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 15: GET /healthz (alive, no database) and GET /readyz (database answers, schema current, leadership), on
 * whichever database the lane runs (SQLite, or PostgreSQL with DATABASE_URL). They are public, never cached, and
 * say nothing beyond their few fixed fields.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const latestMigration = () => Object.keys(migrationsFor(app.testDb.db)).sort().at(-1) ?? '';

async function migrationRow(name: string): Promise<{ name: string; timestamp: string }> {
  const { rows } = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from kysely_migration where name = ${name}`.execute(app.testDb.db.kysely);
  const row = rows[0];
  if (!row) throw new Error(`no migration row ${name}`);
  return row;
}

async function deleteMigrationRow(name: string): Promise<void> {
  await sql`delete from kysely_migration where name = ${name}`.execute(app.testDb.db.kysely);
}

async function insertMigrationRow(row: { name: string; timestamp: string }): Promise<void> {
  await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(
    app.testDb.db.kysely,
  );
}

describe('GET /healthz', () => {
  it('answers a small JSON without a session, never cached', async () => {
    const response = await app.client().get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('is not rate limited: a burst of polls all succeed', async () => {
    const client = app.client();
    const answers = await Promise.all(Array.from({ length: 60 }, () => client.get('/healthz')));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  });
});

describe('GET /readyz', () => {
  it('answers ready with whether this instance leads, and nothing else', async () => {
    const response = await app.client().get('/readyz');
    expect(response.status).toBe(200);
    // The test app does not compete for leadership (main.ts does): not the leader.
    expect(response.body).toEqual({ status: 'ready', leader: false });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('says leader: true while this instance leads the background work', async () => {
    const leadership = app.built.services.leadership;
    await leadership.start({ start: () => Promise.resolve(), stop: () => Promise.resolve() });
    try {
      expect(leadership.leading).toBe(true);
      expect((await app.client().get('/readyz')).body).toEqual({ status: 'ready', leader: true });
    } finally {
      await leadership.stop();
    }
    expect((await app.client().get('/readyz')).body).toEqual({ status: 'ready', leader: false });
  });

  it('is not ready while the newest migration is not recorded, and ready again once it is', async () => {
    const row = await migrationRow(latestMigration());
    await deleteMigrationRow(row.name);
    try {
      const response = await app.client().get('/readyz');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'not ready', reason: 'database migrations pending' });
      expect(response.headers.get('cache-control')).toBe('no-store');
    } finally {
      await insertMigrationRow(row);
    }
    expect((await app.client().get('/readyz')).status).toBe(200);
  });

  it('is not ready on a schema newer than the code (another instance upgraded it), without naming versions', async () => {
    const future = { name: '9999-from-a-newer-version', timestamp: new Date().toISOString() };
    await insertMigrationRow(future);
    try {
      const response = await app.client().get('/readyz');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'not ready', reason: 'database schema is newer than this server' });
      expect(response.text).not.toContain('9999');
      expect(response.text).not.toContain(latestMigration());
    } finally {
      await deleteMigrationRow(future.name);
    }
    expect((await app.client().get('/readyz')).status).toBe(200);
  });
});

describe('probes with the database gone', () => {
  it('readyz answers 503 without the driver error; healthz, which never asks the database, still answers ok', async () => {
    const gone = await startTestApp();
    try {
      // Signed in: a session cookie must not make the probes look the session up in the missing database.
      const { client } = await registerClient(gone);
      expect((await client.get('/readyz')).status).toBe(200);
      await gone.testDb.db.close();
      for (const caller of [client, gone.client()]) {
        const response = await caller.get('/readyz');
        expect(response.status).toBe(503);
        expect(response.body).toEqual({ status: 'not ready', reason: 'database unreachable' });
        expect(response.text).not.toMatch(/destroyed|sqlite|postgres|error/i);
        const alive = await caller.get('/healthz');
        expect(alive.status).toBe(200);
        expect(alive.body).toEqual({ status: 'ok' });
      }
    } finally {
      await gone.built.close();
    }
  });
});

describe('probe logging', () => {
  it('logs no line per probe at info, while other requests are logged', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const testDb = await createTestDb();
    const env = readEnv({ LOG_LEVEL: 'info', PORT: '0', DATA_DIR: app.dataDir, GEOIP: 'off' });
    const built = await buildApp({ env, db: testDb.db, clientDir: '/nonexistent-client-dir', logger: { stream } });
    try {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = built.app.server.address() as { port: number };
      for (const path of ['/healthz', '/readyz', '/healthz', '/readyz']) {
        expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(200);
      }
      expect((await fetch(`http://127.0.0.1:${port}/api/settings`)).status).toBe(200);
      // Fastify logs each request as two lines (incoming, completed) under its reqId: only one request left any.
      const requests = new Set(lines.map((line) => (JSON.parse(line) as { reqId?: string }).reqId).filter(Boolean));
      expect(requests.size, lines.join('\n')).toBe(1);
      expect(lines.some((line) => line.includes('/api/settings'))).toBe(true);
      expect(lines.filter((line) => /\/(healthz|readyz)/.test(line))).toEqual([]);
    } finally {
      await built.close();
      await testDb.dispose();
    }
  });
});
