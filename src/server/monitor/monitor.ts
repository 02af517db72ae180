import type { FastifyBaseLogger } from 'fastify';
import { MIN_REFRESH_INTERVAL_SECONDS } from '#shared/constants';
import type { Service, ServicesRepository } from '../repositories/services.repository.ts';
import type { StatusHistoryRepository } from '../repositories/status-history.repository.ts';
import { iso, type Clock } from '../services/clock.ts';
import type { ServiceCatalogService, ServiceChangeListener } from '../services/service-catalog.service.ts';
import type { CheckObserver } from '../metrics/observers.ts';
import { CheckScheduler, type ScheduledCheck } from './check-scheduler.ts';
import { checkTimeoutMs, delayToPhaseMs, phaseCapacity } from './check-timing.ts';
import { judgeHttp, judgeObservation } from './check-judge.ts';
import { compileCheck, type CheckSpec } from './check-spec.ts';
import { DnsChecker, toDnsTarget, type DnsTarget } from './dns-checker.ts';
import type { CachedLookup } from './dns-cache.ts';
import { createCachedLookup } from './dns-cache.ts';
import { HttpChecker, toCheckTarget, type CheckOutcome, type CheckTarget } from './http-checker.ts';
import { SocketChecker, toSocketTarget, type SocketTarget } from './socket-checker.ts';
import { metadataTargetPolicy } from './metadata-targets.ts';
import { realTimers, type MonotonicTimers } from './monotonic-timers.ts';
import { ResultWriter } from './result-writer.ts';
import { TurnQueue } from './turn-queue.ts';

/** The site setting the monitor follows: may checks connect to cloud metadata addresses (default no). */
export interface TargetSettings {
  allow_metadata_targets: boolean;
}

/** Where the monitor reads that setting and hears of its changes (the SettingsService). */
export interface TargetSettingsSource {
  get(): Promise<TargetSettings>;
  onChange(listener: (settings: TargetSettings) => void): void;
}

/** Where the monitor hears of pushes (the ServicePushService). */
export interface PushSource {
  onPush(listener: (push: { serviceId: number; at: Date }) => void): void;
}

export interface MonitorDeps {
  services: ServicesRepository;
  history: StatusHistoryRepository;
  catalog: ServiceCatalogService;
  settings: TargetSettingsSource;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Pushes received by this instance (push:// services are marked up at once). */
  push?: PushSource;
  /** Told the services whose status or failure reason each committed batch changed (the live event stream). */
  onShownChanges?: (serviceIds: readonly number[]) => void;
  /** Told when each check starts and ends (the Prometheus metrics). */
  checks?: CheckObserver;
}

export interface MonitorOptions {
  /** Test-only: how many ms one second of `refreshInterval` lasts (default 1000), so tests run 5 s intervals fast. */
  msPerIntervalSecond?: number;
  bodyCapBytes?: number;
  flushMs?: number;
  maxBatch?: number;
  /** The scheduler's wake-up grid (see CheckScheduler); start jitter stays below it. */
  tickMs?: number;
  /** Tests: a manual monotonic clock and timers for schedules, deadlines and durations (default: real ones). */
  timers?: MonotonicTimers;
  /** Tests: name resolution for new connections (default: the cached system resolver). */
  lookup?: CachedLookup;
  /** Tests: the certificates HTTPS checks trust instead of the system's roots (see HttpCheckerOptions). */
  trustedCertificates?: string[];
  /** Benchmarks and tests: told when each check starts and how late after its due time. */
  onCheckStart?: (serviceId: number, lateMs: number) => void;
  /** Benchmarks and tests: told each outcome after it is queued for writing. */
  onCheckEnd?: (serviceId: number, outcome: CheckOutcome) => void;
  /** Tests: told when a creation, edit or deletion announced by the catalog has been applied to the schedule. */
  onChangeApplied?: (serviceId: number) => void;
}

interface MonitoredService extends ScheduledCheck {
  url: string;
  /** The stored check settings as JSON: an edit that changes them recompiles the check. */
  settings: string;
  spec: CheckSpec;
  target: CheckTarget | null;
  socket: SocketTarget | null;
  dns: DnsTarget | null;
  timeoutMs: number;
  /** The status last reported; it changes only after `failureThreshold` failures or `recoveryThreshold` passes. */
  reported: boolean;
  failures: number;
  passes: number;
  /** Push: wall-clock ms of the latest push known, or when the monitor first saw the service. */
  lastPushAt: number;
  /** Bumped by edits and deletion: a check started before it is dropped when it ends. */
  generation: number;
  inflight: { cancel(): void } | null;
  /** Checked out of turn (new service or address): the next check returns to the service's phase. */
  realign: boolean;
  /** A refused check of this address was logged: the next refusals are not (one line, not one per check). */
  refusalLogged: boolean;
}

type Change = Parameters<ServiceChangeListener>[0];

/** The checkers of one monitor run; a restart or revoked metadata access makes new ones. */
interface Checkers {
  http: HttpChecker;
  socket: SocketChecker;
  dns: DnsChecker;
}

/** A push service's reason for being down. */
export function pushMissedReason(graceMs: number, msPerSecond: number): string {
  return `No push within ${Math.round(graceMs / msPerSecond)} s (interval plus grace)`;
}

/**
 * The monitoring engine: schedules a check of every service, runs it (HTTP over the shared pools, TCP, TLS, DNS;
 * push services are only timed, never contacted) and hands the results to the batched writer. Follows service creations, edits and deletions without a restart. It can be
 * stopped and started again (an instance that loses and regains leadership); each start resumes the same
 * schedule, since phases are anchored to the wall clock.
 */
export class Monitor {
  readonly #entries = new Map<number, MonitoredService>();
  readonly #scheduler: CheckScheduler<MonitoredService>;
  #checkers: Checkers;
  readonly #writer: ResultWriter;
  readonly #msPerSecond: number;
  readonly #timers: MonotonicTimers;
  readonly #loadTokens = new Map<number, number>();
  #state: 'idle' | 'starting' | 'running' | 'stopping' = 'idle';
  /** The phase grid, fixed at start (see phaseMs). */
  #capacity = 16;
  #queued: Change[] = [];
  /** Checks due in one wake-up start one per turn of the event loop (see TurnQueue). */
  readonly #starts = new TurnQueue();
  /** `allow_metadata_targets` as last read; the checker's policy reads it at every connection. */
  #allowMetadata = false;

  constructor(
    private readonly deps: MonitorDeps,
    private readonly options: MonitorOptions = {},
  ) {
    this.#msPerSecond = options.msPerIntervalSecond ?? 1000;
    this.#timers = options.timers ?? realTimers;
    this.#scheduler = new CheckScheduler<MonitoredService>(
      (entry, lateMs) => this.#run(entry, lateMs),
      options.tickMs,
      this.#timers,
    );
    this.#checkers = this.#newCheckers();
    this.#writer = new ResultWriter(deps.history, deps.log, {
      flushMs: options.flushMs,
      maxBatch: options.maxBatch,
      onShownChanges: deps.onShownChanges,
    });
    deps.catalog.onChange((change) => this.#onChange(change));
    deps.settings.onChange((settings) => this.#setAllowMetadata(settings.allow_metadata_targets));
    deps.push?.onPush((push) => this.#onPush(push.serviceId, push.at.getTime()));
  }

  /** Subscribes to committed check results (the services whose status and lastChecked were written). */
  onResultsWritten(listener: (serviceIds: number[]) => void): void {
    this.#writer.onWritten(listener);
  }

  /** How many services are scheduled. */
  get size(): number {
    return this.#entries.size;
  }

  /** Loads every service and starts checking, each at its phase of its interval. */
  async start(): Promise<void> {
    if (this.#state !== 'idle') return;
    this.#state = 'starting';
    if (this.#checkers.http.closed) this.#checkers = this.#newCheckers();
    const [rows, lastChanges, settings] = await Promise.all([
      this.deps.services.list(true),
      this.deps.history.latestChanges(),
      this.deps.settings.get(),
    ]);
    this.#allowMetadata = settings.allow_metadata_targets;
    this.#capacity = phaseCapacity(rows.reduce((max, row) => Math.max(max, row.id), 0));
    const wallNow = this.deps.clock.now().getTime();
    const now = this.#timers.now();
    for (const row of rows) {
      const entry = this.#add(row, lastChanges.get(row.id) ?? null);
      this.#scheduler.schedule(entry, now + delayToPhaseMs(row.id, entry.intervalMs, this.#capacity, wallNow));
    }
    this.#state = 'running';
    this.#scheduler.start();
    // Changes announced while the list was loading are applied now, on top of it.
    for (const change of this.#queued.splice(0)) this.#onChange(change);
  }

  /** Stops checking: in-flight checks are cancelled, queued results written, pooled connections closed. */
  async stop(): Promise<void> {
    if (this.#state !== 'running') return;
    this.#state = 'stopping';
    this.#scheduler.stop();
    for (const entry of this.#entries.values()) {
      this.#cancel(entry);
      this.#scheduler.remove(entry);
    }
    await this.#writer.flush();
    // Still held: the disk is full. Nobody writes them now: the next leader (or this one restarted) checks afresh
    // and compares with what is stored, so a change still in force is recorded then.
    const dropped = this.#writer.discardHeld();
    if (dropped > 0) {
      this.deps.log.warn({ results: dropped }, 'the monitor stops with check results it could not write (disk full)');
    }
    // Forgotten only after the flush, so the last results are written; a later start reloads everything.
    for (const id of this.#entries.keys()) this.#writer.forget(id);
    this.#entries.clear();
    await this.#closeCheckers(this.#checkers);
    this.#state = 'idle';
  }

  /**
   * Re-reads `allow_metadata_targets`. Changes made through this instance arrive at once (onChange); the
   * refresh-monitor-settings job calls this so that a change saved by another instance on the same database
   * applies within its interval.
   */
  async refreshSettings(): Promise<void> {
    this.#setAllowMetadata((await this.deps.settings.get()).allow_metadata_targets);
  }

  /** Writes queued results now (tests read the database right after). */
  async flush(): Promise<void> {
    await this.#writer.flush();
  }

  #newCheckers(): Checkers {
    const policy = metadataTargetPolicy(() => this.#allowMetadata);
    // One name cache for HTTP, TCP and TLS checks.
    const lookup = this.options.lookup ?? createCachedLookup();
    return {
      http: new HttpChecker({
        bodyCapBytes: this.options.bodyCapBytes,
        lookup,
        timers: this.options.timers,
        policy,
        wallNow: () => this.deps.clock.now().getTime(),
        trustedCertificates: this.options.trustedCertificates,
      }),
      socket: new SocketChecker({
        lookup,
        timers: this.options.timers,
        policy,
        wallNow: () => this.deps.clock.now().getTime(),
      }),
      dns: new DnsChecker({ timers: this.options.timers, policy }),
    };
  }

  async #closeCheckers(checkers: Checkers): Promise<void> {
    checkers.dns.close();
    await checkers.http.close();
  }

  #setAllowMetadata(allow: boolean): void {
    const revoked = this.#allowMetadata && !allow;
    this.#allowMetadata = allow;
    if (!revoked || this.#state !== 'running') return;
    // Kept-alive connections to metadata addresses were checked when they were opened: drop them with the pools,
    // and the checks using them, so that no further check reaches such an address.
    const old = this.#checkers;
    this.#checkers = this.#newCheckers();
    for (const entry of this.#entries.values()) if (entry.inflight) this.#cancel(entry);
    this.#closeCheckers(old).catch((error: unknown) =>
      this.deps.log.error({ err: error }, 'closing the check pools failed'),
    );
  }

  #intervalMs(row: Service): number {
    return Math.max(MIN_REFRESH_INTERVAL_SECONDS, row.refreshInterval) * this.#msPerSecond;
  }

  #add(row: Service, lastChangedAt: string | null): MonitoredService {
    const intervalMs = this.#intervalMs(row);
    const entry: MonitoredService = {
      id: row.id,
      url: row.url,
      settings: '',
      spec: compileCheck(row.url, null, intervalMs),
      target: null,
      socket: null,
      dns: null,
      reported: row.status,
      failures: 0,
      passes: 0,
      lastPushAt: this.#lastPushAt(row),
      intervalMs,
      timeoutMs: checkTimeoutMs(intervalMs),
      dueAt: 0,
      heapIndex: -1,
      running: false,
      generation: 0,
      inflight: null,
      realign: false,
      refusalLogged: false,
    };
    this.#compile(entry, row);
    this.#entries.set(row.id, entry);
    this.#writer.track(row.id, row.status, lastChangedAt, row.failure);
    return entry;
  }

  /** A push service's latest push, or now for one never pushed to (its first deadline runs from now). */
  #lastPushAt(row: Service): number {
    const at = row.last_push_at === null ? NaN : Date.parse(row.last_push_at);
    return Number.isNaN(at) ? this.deps.clock.now().getTime() : at;
  }

  /** Parses the service's URL and check settings once, for every check until the next edit. */
  #compile(entry: MonitoredService, row: Service): void {
    const spec = compileCheck(row.url, row.check, entry.intervalMs, this.#msPerSecond);
    entry.url = row.url;
    entry.settings = JSON.stringify(row.check);
    entry.spec = spec;
    entry.target =
      spec.kind === 'http'
        ? toCheckTarget(
            row.url,
            row.check
              ? {
                  method: spec.method,
                  headers: spec.headers,
                  body: spec.body,
                  keepBody: spec.needsBody,
                  keepPeer: spec.needsPeer,
                }
              : undefined,
          )
        : null;
    entry.socket = spec.kind === 'tcp' || spec.kind === 'tls' ? toSocketTarget(row.url, spec.insecure) : null;
    entry.dns = spec.kind === 'dns' ? toDnsTarget(row.url, spec.query) : null;
    entry.failures = 0;
    entry.passes = 0;
  }

  #run(entry: MonitoredService, lateMs: number): void {
    if (entry.realign) {
      entry.realign = false;
      this.#scheduler.schedule(entry, this.#timers.now() + this.#phaseDelay(entry, true));
    }
    const generation = entry.generation;
    // Busy from now: the scheduler skips a slot rather than queue a second start.
    entry.running = true;
    this.#starts.push(() => {
      if (this.#state !== 'running' || entry.generation !== generation) return;
      // Push services are timed, not checked: no check starts (nor counts in the check metrics).
      if (entry.spec.kind === 'push') {
        this.#checkPush(entry, generation);
        return;
      }
      // Reported here, not when due: the check's deadline runs from this turn.
      this.options.onCheckStart?.(entry.id, lateMs);
      this.deps.checks?.started(lateMs);
      this.#begin(entry, generation);
    });
  }

  #begin(entry: MonitoredService, generation: number): void {
    const timestamp = iso(this.deps.clock.now());
    const startedAt = this.#timers.now();
    const finish = (outcome: CheckOutcome) => {
      if (entry.generation !== generation) return; // edited or deleted while in flight
      this.deps.checks?.finished(outcome, this.#timers.now() - startedAt);
      entry.running = false;
      entry.inflight = null;
      this.#record(entry, outcome, timestamp);
      if (outcome.refused && !entry.refusalLogged) {
        entry.refusalLogged = true;
        this.deps.log.warn({ serviceId: entry.id, reason: outcome.error }, 'check refused by the target policy');
      }
      this.options.onCheckEnd?.(entry.id, outcome);
    };
    const spec = entry.spec;
    const checkers = this.#checkers;
    let handle: { cancel(): void } | null = null;
    if (spec.invalid !== null) {
      finish({ up: false, responseTime: null, error: spec.invalid });
    } else if (entry.target) {
      handle = checkers.http.check(entry.target, entry.timeoutMs, (outcome) => finish(judgeHttp(spec, outcome)));
    } else if (entry.socket) {
      handle = checkers.socket.check(entry.socket, entry.timeoutMs, (seen) => finish(judgeObservation(spec, seen)));
    } else if (entry.dns) {
      handle = checkers.dns.check(entry.dns, entry.timeoutMs, (seen) => finish(judgeObservation(spec, seen)));
    } else {
      finish({ up: false, responseTime: null, error: 'not a checkable URL' });
    }
    if (handle && entry.running && entry.generation === generation) entry.inflight = handle;
  }

  /**
   * Applies the thresholds and queues the result: the service is reported down after `failureThreshold`
   * consecutive failures and up again after `recoveryThreshold` consecutive passes. Each check is stored with the
   * reported status, and with its own failure reason (the condition that failed), so the card says why.
   */
  #record(entry: MonitoredService, outcome: CheckOutcome, timestamp: string): void {
    if (outcome.up) {
      entry.passes += 1;
      entry.failures = 0;
      if (!entry.reported && entry.passes >= entry.spec.recoveryThreshold) entry.reported = true;
    } else {
      entry.failures += 1;
      entry.passes = 0;
      if (entry.reported && entry.failures >= entry.spec.failureThreshold) entry.reported = false;
    }
    this.#writer.add({
      serviceId: entry.id,
      status: entry.reported,
      timestamp,
      responseTime: outcome.responseTime,
      reason: outcome.up ? null : (outcome.error ?? 'failed'),
    });
  }

  /**
   * A push service's due time: nothing is contacted. Within its deadline it is rescheduled for the deadline;
   * past it, the stored time is read again first (the push may have reached another instance) and only then is
   * the service failed.
   */
  #checkPush(entry: MonitoredService, generation: number): void {
    const timestamp = iso(this.deps.clock.now());
    const remaining = entry.lastPushAt + entry.spec.graceMs - this.deps.clock.now().getTime();
    if (remaining > 0) {
      entry.running = false;
      this.#scheduler.schedule(entry, this.#timers.now() + remaining);
      return;
    }
    this.deps.services
      .findById(entry.id)
      .then((row) => {
        if (entry.generation !== generation) return;
        entry.running = false;
        if (!row) return;
        const pushedAt = row.last_push_at === null ? NaN : Date.parse(row.last_push_at);
        if (!Number.isNaN(pushedAt) && pushedAt > entry.lastPushAt) {
          this.#onPush(entry.id, pushedAt);
          return;
        }
        // A push heard here while the time was being read moved the deadline: not missed after all.
        const left = entry.lastPushAt + entry.spec.graceMs - this.deps.clock.now().getTime();
        if (left > 0) {
          this.#scheduler.schedule(entry, this.#timers.now() + left);
          return;
        }
        const outcome = {
          up: false,
          responseTime: null,
          error: pushMissedReason(entry.spec.graceMs, this.#msPerSecond),
        };
        this.#record(entry, outcome, timestamp);
        this.options.onCheckEnd?.(entry.id, outcome);
      })
      .catch((error: unknown) => {
        entry.running = false;
        this.deps.log.error({ err: error, serviceId: entry.id }, 'reading a push service failed');
      });
  }

  /** A push received by this instance: the service passes now and its deadline moves. */
  #onPush(serviceId: number, at: number): void {
    const entry = this.#entries.get(serviceId);
    if (this.#state !== 'running' || !entry || entry.spec.kind !== 'push') return;
    entry.lastPushAt = Math.max(entry.lastPushAt, at);
    const outcome: CheckOutcome = { up: true, responseTime: null, error: null };
    this.#record(entry, outcome, iso(new Date(at)));
    this.options.onCheckEnd?.(entry.id, outcome);
    const remaining = entry.lastPushAt + entry.spec.graceMs - this.deps.clock.now().getTime();
    if (!entry.running) this.#scheduler.schedule(entry, this.#timers.now() + Math.max(0, remaining));
  }

  #cancel(entry: MonitoredService): void {
    entry.generation += 1;
    entry.running = false;
    const inflight = entry.inflight;
    entry.inflight = null;
    inflight?.cancel();
  }

  #onChange(change: Change): void {
    if (this.#state === 'starting') this.#queued.push(change);
    if (this.#state !== 'running') return;
    // Each change supersedes the reads of earlier ones for the same service (PostgreSQL reads may overtake).
    const token = (this.#loadTokens.get(change.id) ?? 0) + 1;
    this.#loadTokens.set(change.id, token);
    if (change.kind === 'deleted') {
      this.#remove(change.id);
      this.options.onChangeApplied?.(change.id);
      return;
    }
    this.deps.services
      .findById(change.id)
      .then((row) => {
        if (this.#state !== 'running' || this.#loadTokens.get(change.id) !== token) return;
        if (row) this.#apply(row);
        else this.#remove(change.id);
        this.options.onChangeApplied?.(change.id);
      })
      .catch((error: unknown) =>
        this.deps.log.error({ err: error, serviceId: change.id }, 'reloading a service failed'),
      );
  }

  #remove(id: number): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#cancel(entry);
    this.#scheduler.remove(entry);
    this.#entries.delete(id);
    this.#writer.forget(id);
  }

  #apply(row: Service): void {
    const existing = this.#entries.get(row.id);
    const now = this.#timers.now();
    if (!existing) {
      // A new service is checked at once, then at its phase.
      const entry = this.#add(row, null);
      entry.realign = true;
      this.#scheduler.schedule(entry, now);
      return;
    }
    const intervalMs = this.#intervalMs(row);
    // A new address or new check settings are checked at once, like a new service.
    const urlChanged = row.url !== existing.url || JSON.stringify(row.check) !== existing.settings;
    if (!urlChanged && intervalMs === existing.intervalMs) return;
    this.#cancel(existing);
    existing.refusalLogged = false;
    existing.intervalMs = intervalMs;
    existing.timeoutMs = checkTimeoutMs(intervalMs);
    this.#compile(existing, row);
    existing.lastPushAt = this.#lastPushAt(row);
    // A new address is checked at once; a new interval starts at the service's phase of it.
    existing.realign = urlChanged;
    this.#scheduler.schedule(existing, now + (urlChanged ? 0 : this.#phaseDelay(existing, false)));
  }

  /** Time to the service's next phase slot; after an out-of-turn check, at least half an interval away. */
  #phaseDelay(entry: MonitoredService, afterCheck: boolean): number {
    const delay = delayToPhaseMs(entry.id, entry.intervalMs, this.#capacity, this.deps.clock.now().getTime());
    return afterCheck && delay < entry.intervalMs / 2 ? delay + entry.intervalMs : delay;
  }
}
