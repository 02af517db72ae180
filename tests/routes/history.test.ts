import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hourBucket, type CheckResult } from '../../src/server/monitor/rollup.ts';
import { StatusHistoryRepository } from '../../src/server/repositories/status-history.repository.ts';
import { serviceHistoryWire, type ServiceHistoryWire } from '../../src/shared/schemas/history.ts';
import { SERVICE_MSG } from '../../src/shared/messages.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { writeResults } from '../helpers/history-writes.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
let repository: StatusHistoryRepository;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app);
  admin = await actors.admin.signIn();
  repository = new StatusHistoryRepository(app.testDb.db.kysely, app.testDb.db.dialect);
});
afterAll(async () => {
  await app.close();
});

async function createService(body: Record<string, unknown>): Promise<number> {
  const response = await admin.post<{ id: number }>('/api/services', { url: 'https://svc.lab', ...body });
  expect(response.status).toBe(201);
  return response.body.id;
}

const write = (results: CheckResult[]) => writeResults(repository, results);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('GET /api/services/:id/history', () => {
  it('answers uptime per window, recent checks oldest first and hourly response times', async () => {
    const id = await createService({ name: 'History' });
    const now = Date.now();
    const thisHour = Date.parse(hourBucket(new Date(now).toISOString()));
    const at = (ms: number) => new Date(ms).toISOString();
    const check = (ms: number, status: boolean, responseTime: number | null) => ({
      serviceId: id,
      timestamp: at(ms),
      status,
      responseTime,
    });
    await write([
      check(now - 20 * DAY, true, 40),
      check(now - 3 * DAY, false, 100),
      check(now - 3 * DAY + 1, false, 100),
    ]);
    await write([check(thisHour, true, 20), check(thisHour + 1, true, 30), check(thisHour + 2, false, null)]);

    const response = await (await actors.user.signIn()).get<ServiceHistoryWire>(`/api/services/${id}/history`);
    expect(response.status).toBe(200);
    expect(serviceHistoryWire.parse(response.body)).toEqual(response.body);
    expect(response.body.uptime).toEqual({ '24h': 66.67, '7d': 40, '30d': 50, '365d': 50 });
    // Averages over the timed checks only (the failed one without an answer has no time).
    expect(response.body.averageResponseTime).toEqual({ '24h': 25, '7d': 63, '30d': 58, '365d': 58 });
    expect(response.body.recent.map((row) => row.timestamp)).toEqual(
      [now - 20 * DAY, now - 3 * DAY, now - 3 * DAY + 1, thisHour, thisHour + 1, thisHour + 2].map(at),
    );
    expect(response.body.recent.at(-1)).toEqual({ timestamp: at(thisHour + 2), status: false, responseTime: null });
    expect(response.body.responseTimes).toEqual([{ timestamp: at(thisHour), responseTime: 25 }]);
  });

  it('shows at most the last 50 checks and null uptime for a service never checked', async () => {
    const id = await createService({ name: 'Busy' });
    const start = Date.now() - HOUR;
    const results = Array.from({ length: 60 }, (_, i) => ({
      serviceId: id,
      timestamp: new Date(start + i * 1000).toISOString(),
      status: i % 2 === 0,
      responseTime: i,
    }));
    await write(results);
    const client = await actors.user.signIn();
    const busy = await client.get<ServiceHistoryWire>(`/api/services/${id}/history`);
    expect(busy.body.recent).toHaveLength(50);
    expect(busy.body.recent[0]?.responseTime).toBe(10);
    expect(busy.body.recent.at(-1)?.responseTime).toBe(59);

    const quiet = await client.get<ServiceHistoryWire>(
      `/api/services/${await createService({ name: 'Quiet' })}/history`,
    );
    expect(quiet.body).toEqual({
      uptime: { '24h': null, '7d': null, '30d': null, '365d': null },
      averageResponseTime: { '24h': null, '7d': null, '30d': null, '365d': null },
      recent: [],
      changes: [],
      responseTimes: [],
    });
  });

  it('answers the same once the prune job has packed the finished hours', async () => {
    const id = await createService({ name: 'Packed' });
    const start = Date.now() - 3 * HOUR;
    await write(
      Array.from({ length: 120 }, (_, i) => ({
        serviceId: id,
        timestamp: new Date(start + i * 90_000).toISOString(),
        status: i % 9 !== 0,
        responseTime: i % 9 === 0 ? null : 5 + i,
      })),
    );
    const client = await actors.user.signIn();
    const before = await client.get<ServiceHistoryWire>(`/api/services/${id}/history`);
    expect(before.body.recent).toHaveLength(50);
    const pruned = await app.built.services.history.prune();
    expect(pruned.packed).toBeGreaterThan(0);
    expect((await client.get<ServiceHistoryWire>(`/api/services/${id}/history`)).body).toEqual(before.body);
  });

  it('hides NSFW services from users without NSFW access, as if they did not exist', async () => {
    const id = await createService({ name: 'Private', isNSFW: true });
    for (const [kind, status] of [
      ['user', 404],
      ['nsfwUser', 200],
      ['admin', 200],
      ['superadmin', 200],
    ] as const) {
      const response = await (await actors[kind].signIn()).get(`/api/services/${id}/history`);
      expect(response.status, kind).toBe(status);
      if (status === 404) expect(response.body).toEqual({ message: SERVICE_MSG.notFound });
    }
    const client = await actors.user.signIn();
    expect((await client.get('/api/services/999999/history')).status).toBe(404);
    expect((await client.get('/api/services/abc/history')).status).toBe(400);
  });

  it('leaves out results of a service deleted before its batch was written', async () => {
    const kept = await createService({ name: 'Kept' });
    const gone = await createService({ name: 'Gone' });
    expect((await admin.delete(`/api/services/${gone}`)).status).toBe(200);
    const timestamp = new Date().toISOString();
    const existing = await write([
      { serviceId: gone, timestamp, status: true, responseTime: 1 },
      { serviceId: kept, timestamp, status: true, responseTime: 1 },
    ]);
    expect([...existing]).toEqual([kept]);
    const rows = await app.testDb.db.kysely
      .selectFrom('service_checks')
      .select('serviceId')
      .where('serviceId', 'in', [kept, gone])
      .execute();
    expect(rows).toEqual([{ serviceId: kept }]);
  });
});
