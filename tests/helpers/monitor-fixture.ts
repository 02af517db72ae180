import { Monitor, type MonitorOptions } from '../../src/server/monitor/monitor.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import { StatusHistoryRepository } from '../../src/server/repositories/status-history.repository.ts';
import { systemClock } from '../../src/server/services/clock.ts';
import { HttpTargets } from '../fakes/http-targets.ts';
import { createActors } from './actors.ts';
import type { TestClient } from './http-client.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** An app with its own database, a signed-in administrator and local HTTP targets, for monitor tests. */
export interface MonitorFixture {
  app: TestApp;
  admin: TestClient;
  targets: HttpTargets;
  close(): Promise<void>;
}

/** Starts the app, signs an administrator in and starts the targets. */
export async function startMonitorFixture(): Promise<MonitorFixture> {
  const app = await startTestApp();
  const admin = await (await createActors(app)).admin.signIn();
  const targets = await new HttpTargets().start();
  return {
    app,
    admin,
    targets,
    async close() {
      await targets.close();
      await app.close();
    },
  };
}

/** A Monitor on the app's database and catalog (so it follows API edits), with the wall clock. */
export function newTestMonitor(app: TestApp, options: MonitorOptions): Monitor {
  const kysely = app.testDb.db.kysely;
  return new Monitor(
    {
      services: new ServicesRepository(kysely),
      history: new StatusHistoryRepository(kysely, app.testDb.db.dialect),
      catalog: app.built.services.catalog,
      clock: systemClock,
      log: app.built.app.log,
    },
    options,
  );
}
