import { createCachedLookup } from '../../src/server/monitor/dns-cache.ts';
import type { CheckOutcome } from '../../src/server/monitor/http-checker.ts';
import { Monitor, type MonitorOptions } from '../../src/server/monitor/monitor.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import { StatusHistoryRepository } from '../../src/server/repositories/status-history.repository.ts';
import { systemClock, type Clock } from '../../src/server/services/clock.ts';
import { HttpTargets } from '../fakes/http-targets.ts';
import { createActors } from './actors.ts';
import type { TestClient } from './http-client.ts';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** An app with its own database, a signed-in administrator and user, and local HTTP targets, for monitor tests. */
export interface MonitorFixture {
  app: TestApp;
  admin: TestClient;
  user: TestClient;
  targets: HttpTargets;
  close(): Promise<void>;
}

/** Starts the app (on the test's clock, if it passes one), signs an administrator and a user in and starts the targets. */
export async function startMonitorFixture(options: TestAppOptions = {}): Promise<MonitorFixture> {
  const app = await startTestApp(options);
  const actors = await createActors(app);
  const admin = await actors.admin.signIn();
  const user = await actors.user.signIn();
  const targets = await new HttpTargets().start();
  return {
    app,
    admin,
    user,
    targets,
    async close() {
      await targets.close();
      await app.close();
    },
  };
}

/** A Monitor on the app's database and catalog (so it follows API edits), with the wall clock or a test's. */
export function newTestMonitor(app: TestApp, options: MonitorOptions, clock: Clock = systemClock): Monitor {
  const kysely = app.testDb.db.kysely;
  return new Monitor(
    {
      services: new ServicesRepository(kysely),
      history: new StatusHistoryRepository(kysely, app.testDb.db.dialect),
      catalog: app.built.services.catalog,
      settings: app.built.services.settings,
      push: app.built.services.push,
      clock,
      log: app.built.app.log,
    },
    options,
  );
}

/**
 * A lookup where `meta.test` resolves to loopback and a cloud metadata address (one refused address refuses the
 * whole answer, and loopback, the target, shows whether anything was connected to), and no other name resolves:
 * a numeric host is then reached only when the checker reads it as the address it spells.
 */
export function metadataAnsweringLookup(): ReturnType<typeof createCachedLookup> {
  return createCachedLookup({
    ttlMs: 0,
    resolve: ((hostname: string, _options: unknown, callback: (...args: unknown[]) => void) => {
      if (hostname === 'meta.test') {
        callback(null, [
          { address: '127.0.0.1', family: 4 },
          { address: '169.254.169.254', family: 4 },
        ]);
      } else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    }) as never,
  });
}

/** Starts a fast test monitor over `metadataAnsweringLookup`, kept in `monitors` for the file's cleanup. */
export async function startLookupMonitor(app: TestApp, monitors: Monitor[]): Promise<CheckOutcomes> {
  const outcomes = new CheckOutcomes();
  const monitor = newTestMonitor(app, {
    msPerIntervalSecond: 200,
    flushMs: 20,
    lookup: metadataAnsweringLookup(),
    onCheckEnd: outcomes.onCheckEnd,
  });
  monitors.push(monitor);
  await monitor.start();
  return outcomes;
}

/**
 * Records every check outcome per service, so tests wait for the n-th check of a service instead of sleeping.
 * Pass `onCheckEnd` to the monitor's options.
 */
export class CheckOutcomes {
  readonly #outcomes = new Map<number, CheckOutcome[]>();
  readonly #waiters: { id: number; count: number; resolve: (outcomes: CheckOutcome[]) => void }[] = [];

  readonly onCheckEnd = (id: number, outcome: CheckOutcome): void => {
    const list = [...(this.#outcomes.get(id) ?? []), outcome];
    this.#outcomes.set(id, list);
    for (const waiter of this.#waiters.filter((each) => each.id === id && list.length >= each.count)) {
      this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
      waiter.resolve(list);
    }
  };

  /** The outcomes of a service so far, oldest first. */
  of(id: number): CheckOutcome[] {
    return this.#outcomes.get(id) ?? [];
  }

  /** Resolves with the service's outcomes once it has at least `count` of them. */
  atLeast(id: number, count: number): Promise<CheckOutcome[]> {
    const list = this.of(id);
    if (list.length >= count) return Promise.resolve(list);
    return new Promise((resolve) => this.#waiters.push({ id, count, resolve }));
  }

  /** Resolves with the service's next outcome (the first one recorded after this call). */
  async next(id: number): Promise<CheckOutcome> {
    const list = await this.atLeast(id, this.of(id).length + 1);
    return list.at(-1) as CheckOutcome;
  }
}
