import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { startSwitchableSmtp, type SwitchableSmtp } from './outbox-harness.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';
import { createTestDb, migrateTo, type TestDb } from '../helpers/test-db.ts';

// Migration 0018 on a database in use (SQLite, or PostgreSQL with DATABASE_URL): a subscription made before it
// starts getting e-mails for changes not yet processed, and changes processed before it send nothing afterwards.

const BEFORE = '0017-maintenance-status-pages';
const NOW = '2030-03-01T10:00:00.000Z';

let testDb: TestDb;
let smtp: SwitchableSmtp;
let app: TestApp | undefined;

beforeAll(async () => {
  smtp = await startSwitchableSmtp();
  testDb = await createTestDb((db) => migrateTo(db, BEFORE));
});
afterAll(async () => {
  await app?.close();
  await testDb.dispose();
  await smtp.close();
});

describe('migration 0018 (subject e-mails)', () => {
  it('mails the subscribers of changes still unprocessed when it ran, and nobody for those already processed', async () => {
    const db = testDb.db.kysely;
    const user = await db
      .insertInto('users')
      .values({
        username: 'follower',
        password: 'not-a-hash',
        email: 'follower@example.test',
        role: 'user',
        approved: true,
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('alert_subscriptions')
      .values({ userId: user.id, subjectKind: 'media', subjectId: 0, enabled: true, createdAt: NOW, updatedAt: NOW })
      .execute();
    const change = { subjectKind: 'media', subjectId: 0, subjectName: 'Basement Plex' };
    const downAt = '2030-03-01T09:00:00.000Z';
    await db
      .insertInto('alert_subject_changes')
      .values([
        { ...change, status: false, changedAt: downAt, previousChangedAt: null, processedAt: downAt },
        {
          ...change,
          status: true,
          changedAt: '2030-03-01T09:30:00.000Z',
          previousChangedAt: downAt,
          processedAt: null,
        },
      ])
      .execute();

    await migrateToLatest(testDb.db);
    expect(await db.selectFrom('subject_mail_deliveries').selectAll().execute()).toEqual([]);

    app = await startTestApp({
      testDb,
      clock: new TestClock(new Date(NOW)),
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_SECURE: 'none',
        SMTP_FROM: 'lab@example.test',
        PUBLIC_URL: 'https://dash.example.test',
      },
    });
    expect(await app.built.services.outbox.runOnce()).toMatchObject({ enqueued: 1, sent: 1 });
    expect(smtp.inbox.map((received) => [received.to, received.mail.subject])).toEqual([
      [['follower@example.test'], '[Homelab Dashboard] Basement Plex (media server) is UP'],
    ]);
    expect(smtp.inbox[0]?.mail.text).toContain('30 minutes');
    // A second run finds nothing more to send.
    expect(await app.built.services.outbox.runOnce()).toMatchObject({ enqueued: 0, sent: 0 });
    expect(smtp.inbox).toHaveLength(1);
  });
});
