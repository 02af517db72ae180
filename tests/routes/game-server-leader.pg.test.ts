// PostgreSQL only (see leadership.pg.test.ts): several instances share one database and one AMP panel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderWork, serverJobs } from '../../src/server/jobs/scheduler.ts';
import { LeaderLockRepository } from '../../src/server/repositories/leader-lock.repository.ts';
import { Leadership } from '../../src/server/services/leadership.ts';
import { startFakeAmp, type FakeAmp } from '../fakes/amp-server.ts';
import { FAST, log, until } from '../helpers/leadership-work.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let amp: FakeAmp;
const apps: TestApp[] = [];

beforeAll(async () => {
  amp = await startFakeAmp();
  amp.addInstance({ InstanceName: 'Minecraft01' });
  const env = { AMP_URL: amp.baseUrl, AMP_USERNAME: amp.username, AMP_PASSWORD: amp.password };
  const first = await startTestApp({ env });
  apps.push(first, await startTestApp({ env, testDb: first.testDb }));
});
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
  await amp.stop();
});

describe('game-server pollers in a deployment of several instances', () => {
  it('are leader-only jobs', () => {
    const jobs = serverJobs(apps[0]!.built.services);
    const pollers = jobs.filter((job) => job.name.startsWith('poll-game-servers:'));
    expect(pollers.map((job) => job.name)).toContain('poll-game-servers:amp');
    expect(pollers.every((job) => job.leaderOnly && job.runAtStart)).toBe(true);
  });

  it('poll AMP from the leading instance only; the standby takes over when the leader stops', async () => {
    const [a, b] = apps.map(
      (app) => new Leadership(new LeaderLockRepository(app.testDb.db.kysely, 'postgres'), log, FAST),
    ) as [Leadership, Leadership];
    const before = amp.count('ADSModule/GetInstances');
    await a.start(leaderWork(apps[0]!.built.services, log));
    await b.start(leaderWork(apps[1]!.built.services, log));
    expect([a.leading, b.leading]).toEqual([true, false]);
    // The leader polls at once (runAtStart). The standby's start has returned after its first try for the lock,
    // which it lost, so its leader work (and its poller) never started: one poll in all.
    await until(() => amp.count('ADSModule/GetInstances') >= before + 1, 'the leader to poll');
    expect(amp.count('ADSModule/GetInstances')).toBe(before + 1);

    await a.stop();
    await until(() => b.leading, 'the standby to lead');
    await until(() => amp.count('ADSModule/GetInstances') === before + 2, 'the new leader to poll');
    await b.stop();
  });
});
