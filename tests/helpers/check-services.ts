import { expect } from 'vitest';
import type { CheckOutcome } from '../../src/server/monitor/http-checker.ts';
import type { Monitor, MonitorOptions } from '../../src/server/monitor/monitor.ts';
import type { ServiceWire } from '../../src/shared/schemas/service.ts';
import type { TestClient } from './http-client.ts';
import { ManualMonitorTime } from './manual-monitor-time.ts';
import { newTestMonitor, startMonitorFixture, type MonitorFixture } from './monitor-fixture.ts';
import type { TestApp } from './test-app.ts';

// refreshInterval 5 runs as 1 s of manual time (check timeout 800 ms); a push grace of 5 s as 1 s too.
export const MS_PER_SECOND = 200;
export const INTERVAL_MS = 5 * MS_PER_SECOND;

/**
 * An app and a monitor of its services on one manual clock (the app stamps pushes, the monitor times them), for
 * tests that add services through the API and read their checks' outcomes and how the list shows them.
 */
export class CheckServices {
  readonly #created: number[] = [];

  private constructor(
    readonly time: ManualMonitorTime,
    readonly fixture: MonitorFixture,
    readonly monitor: Monitor,
  ) {}

  /** Starts the app, signs an administrator and a user in, and starts a monitor with `options` on manual time. */
  static async start(options: MonitorOptions = {}): Promise<CheckServices> {
    const time = new ManualMonitorTime();
    const fixture = await startMonitorFixture({ clock: time.clock });
    const monitor = newTestMonitor(
      fixture.app,
      { msPerIntervalSecond: MS_PER_SECOND, flushMs: 20, ...time.options(), ...options },
      time.clock,
    );
    await monitor.start();
    return new CheckServices(time, fixture, monitor);
  }

  get app(): TestApp {
    return this.fixture.app;
  }

  get admin(): TestClient {
    return this.fixture.admin;
  }

  get user(): TestClient {
    return this.fixture.user;
  }

  /** Creates a service through the API and waits for the monitor to schedule it (deleted by `deleteCreated`). */
  async add(body: Record<string, unknown>): Promise<ServiceWire> {
    const response = await this.admin.post<ServiceWire>('/api/services', { name: 'svc', refreshInterval: 5, ...body });
    expect(response.status, response.text).toBe(201);
    this.#created.push(response.body.id);
    await this.time.applied(response.body.id);
    return response.body;
  }

  /** Advances manual time until the service has `count` outcomes, and writes them. */
  async outcomes(id: number, count: number): Promise<CheckOutcome[]> {
    await this.time.advanceUntil(() => this.time.outcomes.of(id).length >= count, `check ${count} of service ${id}`);
    await this.monitor.flush();
    return this.time.outcomes.of(id);
  }

  /** The service's next outcome (written), however many it had. */
  async nextOutcome(id: number): Promise<CheckOutcome> {
    return (await this.outcomes(id, this.time.outcomes.of(id).length + 1)).at(-1) as CheckOutcome;
  }

  /**
   * The service as `client` is shown it. The test's monitor is not the app's, so its writes do not drop the app's
   * cached list: announcing the service as changed does (the monitor finds nothing to reschedule).
   */
  async listed(client: TestClient, id: number): Promise<ServiceWire> {
    this.app.built.services.catalog.announce('updated', id);
    const response = await client.get<ServiceWire[]>('/api/services');
    const service = response.body.find((each) => each.id === id);
    if (!service) throw new Error(`service ${id} not listed`);
    return service;
  }

  /** Deletes the services the test added (after each test). */
  async deleteCreated(): Promise<void> {
    for (const id of this.#created.splice(0)) {
      await this.time.change(id, () => this.admin.delete(`/api/services/${id}`));
    }
  }

  async close(): Promise<void> {
    await this.monitor.stop();
    await this.fixture.close();
  }
}
