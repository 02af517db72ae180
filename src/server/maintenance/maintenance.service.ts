import { MAINTENANCE_MSG, type CreateMaintenanceBody, type UpdateMaintenanceBody } from '#shared/schemas/maintenance';
import type {
  MaintenanceWindow,
  MaintenanceWindowsRepository,
} from '../repositories/maintenance-windows.repository.ts';
import { canSeeNsfw } from '#shared/permissions';
import type { User } from '../repositories/users.repository.ts';
import { AppError } from '../services/app-error.ts';
import { iso, type Clock } from '../services/clock.ts';
import { checkRowCap } from '../services/row-caps.ts';
import { isActiveAt, nextStartAfter } from './window-schedule.ts';

/** A window with what it means now. */
export interface WindowState extends MaintenanceWindow {
  active: boolean;
  nextStart: string | null;
}

/** At most this many windows: the outbox looks at every one of them each second. */
export const MAX_MAINTENANCE_WINDOWS = 200;
/** Windows changed through another instance (PostgreSQL) are seen within this long. */
const RELOAD_MS = 5_000;

/**
 * Maintenance windows (issue 16): admins keep them; the outbox holds the alerts of the services in an active window
 * (`heldServiceIds`), and the cards show "Maintenance" for them. Checks go on. The windows are few and read every
 * second, so they are kept in memory and read again after a change here or every few seconds.
 */
export class MaintenanceService {
  #windows: MaintenanceWindow[] | undefined;
  #loadedAt = 0;

  constructor(
    private readonly repository: MaintenanceWindowsRepository,
    private readonly clock: Clock,
  ) {}

  /** Every window; ids of services deleted since are left out of its list. */
  async list(): Promise<WindowState[]> {
    const now = this.clock.now().getTime();
    const windows = await this.repository.list();
    const existing = await this.repository.existingServiceIds([...new Set(windows.flatMap((w) => w.serviceIds))]);
    return windows.map((window) =>
      this.#withState({ ...window, serviceIds: window.serviceIds.filter((id) => existing.has(id)) }, now),
    );
  }

  async create(body: CreateMaintenanceBody): Promise<WindowState> {
    await checkRowCap(() => this.repository.count(), MAX_MAINTENANCE_WINDOWS, MAINTENANCE_MSG.tooMany);
    await this.#assertServices(body.serviceIds);
    const created = await this.repository.insert(body, iso(this.clock.now()));
    this.#windows = undefined;
    return this.#withState(created, this.clock.now().getTime());
  }

  async update(id: number, body: UpdateMaintenanceBody): Promise<WindowState> {
    if (body.serviceIds) await this.#assertServices(body.serviceIds);
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const updated = await this.repository.update(id, changes, iso(this.clock.now()));
    if (!updated) throw new AppError('not_found', MAINTENANCE_MSG.notFound);
    if (updated.schedule.kind === 'once' && updated.schedule.end <= updated.schedule.start) {
      throw new AppError('bad_request', MAINTENANCE_MSG.endBeforeStart);
    }
    this.#windows = undefined;
    return this.#withState(updated, this.clock.now().getTime());
  }

  async delete(id: number): Promise<void> {
    if (!(await this.repository.delete(id))) throw new AppError('not_found', MAINTENANCE_MSG.notFound);
    this.#windows = undefined;
  }

  /** Windows were written outside this class (the configuration import): read them again at the next look. */
  reload(): void {
    this.#windows = undefined;
  }

  /** The ids of the services in an active window now, sorted. */
  async heldServiceIds(): Promise<number[]> {
    const now = this.clock.now().getTime();
    const held = new Set<number>();
    for (const window of await this.#current(now)) {
      if (isActiveAt(window.schedule, window.timeZone, now)) for (const id of window.serviceIds) held.add(id);
    }
    return [...held].sort((a, b) => a - b);
  }

  /**
   * Whether a window of the service was active at `at` (an ISO time): the outbox's alerts of a change made then
   * were held on purpose (a change queued late for any other reason is alerted, delivery-rules.ts `queuedLate`).
   */
  async heldAt(serviceId: number, at: string): Promise<boolean> {
    const instant = Date.parse(at);
    if (Number.isNaN(instant)) return false;
    const windows = await this.#current(this.clock.now().getTime());
    return windows.some(
      (window) => window.serviceIds.includes(serviceId) && isActiveAt(window.schedule, window.timeZone, instant),
    );
  }

  /** The windows, read again after a change here or every few seconds. */
  async #current(now: number): Promise<MaintenanceWindow[]> {
    if (!this.#windows || now - this.#loadedAt >= RELOAD_MS || now < this.#loadedAt) {
      this.#windows = await this.repository.list();
      this.#loadedAt = now;
    }
    return this.#windows;
  }

  /** The services in maintenance now that `viewer` may see (NSFW ones only for those who may see them). */
  async activeFor(viewer: User): Promise<number[]> {
    const held = await this.heldServiceIds();
    if (canSeeNsfw(viewer)) return held;
    const hidden = await this.repository.nsfwServiceIds(held);
    return held.filter((id) => !hidden.has(id));
  }

  async #assertServices(ids: readonly number[]): Promise<void> {
    const existing = await this.repository.existingServiceIds(ids);
    if (ids.some((id) => !existing.has(id))) throw new AppError('bad_request', MAINTENANCE_MSG.unknownService);
  }

  #withState(window: MaintenanceWindow, now: number): WindowState {
    const next = nextStartAfter(window.schedule, window.timeZone, now);
    return {
      ...window,
      active: isActiveAt(window.schedule, window.timeZone, now),
      nextStart: next === null ? null : new Date(next).toISOString(),
    };
  }
}
