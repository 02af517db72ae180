import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneHistoryJob } from '../../src/server/jobs/prune-history.job.ts';
import { RECENT_CHANGES } from '../../src/server/monitor/status-history.service.ts';
import { StatusHistoryRepository } from '../../src/server/repositories/status-history.repository.ts';
import type { ServiceHistoryWire } from '../../src/shared/schemas/history.ts';
import { createActors } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

/**
 * Retention of services' status changes (service_status_changes): the leader's prune-history job deletes processed
 * changes older than 400 days, but each service keeps its 10 newest from before then (its latest change, the next
 * change's previousChangedAt, and the history's last 10 changes). Unprocessed changes, whose alerts are not queued
 * yet, always stay. The changes are written as the monitor writes them; the clock is the test's. SQLite, and
 * PostgreSQL with DATABASE_URL.
 */

let app: TestApp;
let admin: TestClient;
const clock = new TestClock(new Date('2031-03-01T12:00:00.000Z'));
const DAY = 24 * 3_600_000;

const db = () => app.testDb.db.kysely;
const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY).toISOString();

beforeAll(async () => {
  app = await startTestApp({ clock });
  admin = await (await createActors(app)).admin.signIn();
});
afterAll(async () => {
  await app.close();
});

async function createService(name: string): Promise<number> {
  const response = await admin.post<{ id: number }>('/api/services', { name, url: 'https://svc.lab' });
  expect(response.status).toBe(201);
  return response.body.id;
}

/** Status changes at the given ages in days, oldest first, alternating down and up; processed unless listed. */
async function addChanges(serviceId: number, ages: number[], unprocessed: number[] = []): Promise<void> {
  const rows = ages.map((age, index) => ({
    serviceId,
    status: index % 2 === 1,
    changedAt: daysAgo(age),
    previousChangedAt: index === 0 ? null : daysAgo(ages[index - 1] ?? age),
    processedAt: unprocessed.includes(age) ? null : daysAgo(age),
    reason: index % 2 === 1 ? null : 'HTTP 503',
  }));
  await db().insertInto('service_status_changes').values(rows).execute();
}

async function changedAts(serviceId: number): Promise<string[]> {
  const rows = await db()
    .selectFrom('service_status_changes')
    .select('changedAt')
    .where('serviceId', '=', serviceId)
    .orderBy('changedAt')
    .execute();
  return rows.map((row) => row.changedAt);
}

async function historyChanges(serviceId: number): Promise<ServiceHistoryWire['changes']> {
  const response = await admin.get<ServiceHistoryWire>(`/api/services/${serviceId}/history`);
  expect(response.status).toBe(200);
  return response.body.changes;
}

/** One run of the leader's retention job. */
async function runJob(): Promise<void> {
  await pruneHistoryJob(app.built.services).run();
}

/** Ages in days from `from` down to `to`, a day apart. */
function agesFrom(from: number, to: number): number[] {
  return Array.from({ length: from - to + 1 }, (_, index) => from - index + 0.5);
}

describe('status change retention (prune-history job)', () => {
  it('deletes processed changes older than 400 days but each service’s 10 newest of them, as the clock moves', async () => {
    const busy = await createService('Busy');
    const quiet = await createService('Quiet');
    // 25 changes a day apart, 420.5 to 396.5 days ago: 21 before the cutoff, 4 after it.
    const ages = agesFrom(420, 396);
    await addChanges(busy, ages);
    // A service whose last change was long ago keeps it: it is still its current state.
    await addChanges(quiet, [900.5, 800.5]);
    const stamps = ages.map(daysAgo);
    const listed = await historyChanges(busy);
    expect(listed).toHaveLength(RECENT_CHANGES);

    await runJob();
    // The 10 newest before the cutoff (409.5 to 400.5 days) and the 4 after it stay.
    expect(await changedAts(busy)).toEqual(stamps.slice(11));
    expect(await changedAts(quiet)).toEqual([daysAgo(900.5), daysAgo(800.5)]);
    // The history lists the same last changes; the monitor reads the same latest one.
    expect(await historyChanges(busy)).toEqual(listed);
    const repository = new StatusHistoryRepository(db(), app.testDb.db.dialect);
    const latest = await repository.latestChanges();
    expect(latest.get(busy)).toBe(stamps.at(-1));
    expect(latest.get(quiet)).toBe(daysAgo(800.5));
    await runJob();
    expect(await changedAts(busy)).toHaveLength(14);

    // Five days on, all 25 are older than 400 days: the 10 newest stay.
    clock.advance(5 * DAY);
    await runJob();
    expect(await changedAts(busy)).toEqual(stamps.slice(15));
    expect(await historyChanges(busy)).toEqual(listed);
  });

  it('never deletes a change whose alerts are not queued yet, however old', async () => {
    const held = await createService('Held');
    // 12 changes 450.5 to 439.5 days ago; the oldest is still unprocessed (a maintenance window held it).
    const ages = agesFrom(450, 439);
    await addChanges(held, ages, [450.5]);
    await runJob();
    const stamps = ages.map(daysAgo);
    // The 10 newest stay, and the unprocessed one; the one processed change older than them goes.
    expect(await changedAts(held)).toEqual([stamps[0], ...stamps.slice(2)]);
  });

  it('deletes a backlog larger than one statement’s batch, in one run', async () => {
    const flapping = await createService('Flapping');
    // 1,015 changes a day apart, all long past the cutoff: a first run after years without retention.
    const ages = agesFrom(1500, 486);
    await addChanges(flapping, ages);
    await runJob();
    expect(await changedAts(flapping)).toEqual(ages.slice(-RECENT_CHANGES).map(daysAgo));
  });

  it('takes the deliveries of a deleted change with it, and leaves those of kept changes', async () => {
    const watched = await createService('Watched');
    const preference = await admin.post<{ id: number }>('/api/notification-preferences', {
      serviceId: watched,
      email: 'ops@example.test',
    });
    expect(preference.status).toBe(200);
    const ages = agesFrom(430, 420);
    await addChanges(watched, ages);
    const changes = await db()
      .selectFrom('service_status_changes')
      .select(['id', 'status', 'changedAt'])
      .where('serviceId', '=', watched)
      .orderBy('changedAt')
      .execute();
    const preferenceRow = await db()
      .selectFrom('notification_preferences')
      .select('id')
      .where('serviceId', '=', watched)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('notification_deliveries')
      .values(
        changes.map((change) => ({
          changeId: change.id,
          preferenceId: preferenceRow.id,
          serviceId: watched,
          status: Boolean(change.status),
          state: 'sent',
          nextAttemptAt: change.changedAt,
          createdAt: change.changedAt,
          finishedAt: change.changedAt,
        })),
      )
      .execute();

    await runJob();
    const kept = await db()
      .selectFrom('notification_deliveries')
      .select('changeId')
      .where('serviceId', '=', watched)
      .orderBy('changeId')
      .execute();
    expect(kept.map((row) => row.changeId)).toEqual(changes.slice(1).map((change) => change.id));
  });
});
