import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CHECK_TIMEOUT, type CheckOutcome } from '../monitor/http-checker.ts';
import type { CheckObserver, PolledProvider, PollObserver } from './observers.ts';

/** What a scrape reads from the database (scrape-queries.ts); tests may pass fixed figures. */
export interface ScrapeSnapshot {
  servicesDown: number;
  outboxPending: number;
  /** Seconds since the oldest pending item was created; 0 when nothing is pending. */
  outboxOldestAgeSeconds: number;
}

/** How a check ended, as `homelab_checks_total{result}` counts it. */
export type CheckResultLabel = 'up' | 'down' | 'timeout' | 'refused';
const CHECK_RESULTS: readonly CheckResultLabel[] = ['up', 'down', 'timeout', 'refused'];

/** up: answered 2xx/3xx; refused: the target policy forbade the address; timeout: the deadline passed; down: any other failure. */
export function checkResultLabel(outcome: CheckOutcome): CheckResultLabel {
  if (outcome.up) return 'up';
  if (outcome.refused) return 'refused';
  return outcome.error === CHECK_TIMEOUT ? 'timeout' : 'down';
}

/** The provider label: `query` (query-only game servers) reads better as `game-query` on a dashboard. */
const PROVIDER_LABELS: Record<PolledProvider, string> = {
  amp: 'amp',
  query: 'game-query',
  plex: 'plex',
  jellyfin: 'jellyfin',
};

// Checks time out between 1 s and 30 s; a healthy LAN answer takes a few ms.
const CHECK_DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
// A check normally starts within a few ms of its due time; seconds mean the event loop is overloaded.
const SCHEDULE_LAG_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30];
const POLL_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const HTTP_DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Told each answered HTTP request: the matched route pattern (see http-metrics.ts), method, status and seconds. */
export type RequestObserver = (route: string, method: string, status: number, seconds: number) => void;

/** The Prometheus metrics of one app instance. */
export interface AppMetrics {
  /** For the monitor. */
  checks: CheckObserver;
  /** For the game-server and media pollers. */
  polls: PollObserver;
  /** For the HTTP server's onResponse hook. */
  requests: RequestObserver;
  /** The Content-Type of `render()`'s text. */
  contentType: string;
  /** Reads the scrape-time gauges and renders every metric in the Prometheus text format. */
  render(): Promise<string>;
}

/**
 * Builds the metrics on a registry of their own (never prom-client's global one), so that several apps in one
 * process (tests) do not share or clash. Counters and histograms are fed by the callbacks as things happen; the
 * gauges read the database once per scrape (`scrape`).
 */
export function createAppMetrics(scrape: () => Promise<ScrapeSnapshot>): AppMetrics {
  const registry = new Registry();
  const registers = [registry];

  const checksTotal = new Counter({
    name: 'homelab_checks_total',
    help: 'Service checks finished, by result (up, down, timeout, refused).',
    labelNames: ['result'],
    registers,
  });
  // Every result from zero, so that rate() and increase() see the first one.
  for (const result of CHECK_RESULTS) checksTotal.inc({ result }, 0);
  const checkDuration = new Histogram({
    name: 'homelab_check_duration_seconds',
    help: 'How long a service check took, until its answer, failure or deadline.',
    buckets: CHECK_DURATION_BUCKETS,
    registers,
  });
  const scheduleLag = new Histogram({
    name: 'homelab_check_schedule_lag_seconds',
    help: 'How late a check started after its due time.',
    buckets: SCHEDULE_LAG_BUCKETS,
    registers,
  });
  const servicesDown = new Gauge({
    name: 'homelab_services_down',
    help: 'Services whose stored status is down.',
    registers,
  });
  const outboxPending = new Gauge({
    name: 'homelab_outbox_pending',
    help: 'Notification work not yet done: status changes not yet turned into deliveries, and deliveries and mails waiting or being sent.',
    registers,
  });
  const outboxOldestAge = new Gauge({
    name: 'homelab_outbox_oldest_age_seconds',
    help: 'Age of the oldest pending outbox item (0 when none).',
    registers,
  });
  const pollsTotal = new Counter({
    name: 'homelab_provider_polls_total',
    help: 'Polls of outside systems (amp, game-query, plex, jellyfin) by result (ok, error, not_configured).',
    labelNames: ['provider', 'result'],
    registers,
  });
  const pollDuration = new Histogram({
    name: 'homelab_provider_poll_duration_seconds',
    help: 'How long a poll of an outside system took.',
    labelNames: ['provider'],
    buckets: POLL_DURATION_BUCKETS,
    registers,
  });
  const requestDuration = new Histogram({
    name: 'homelab_http_request_duration_seconds',
    help: 'HTTP requests answered, by route pattern (unmatched, static), method and status.',
    labelNames: ['route', 'method', 'status'],
    buckets: HTTP_DURATION_BUCKETS,
    registers,
  });

  // One child per result, looked up once: the monitor reports 50+ checks a second.
  const checkCounters = new Map(CHECK_RESULTS.map((result) => [result, checksTotal.labels({ result })]));
  let defaultMetrics = false;

  return {
    checks: {
      started(lateMs) {
        scheduleLag.observe(Math.max(0, lateMs) / 1000);
      },
      finished(outcome, durationMs) {
        checkCounters.get(checkResultLabel(outcome))?.inc();
        checkDuration.observe(Math.max(0, durationMs) / 1000);
      },
    },
    polls(provider, result, durationMs) {
      const label = PROVIDER_LABELS[provider];
      pollsTotal.inc({ provider: label, result });
      pollDuration.observe({ provider: label }, Math.max(0, durationMs) / 1000);
    },
    requests(route, method, status, seconds) {
      requestDuration.observe({ route, method, status: String(status) }, seconds);
    },
    contentType: registry.contentType,
    async render() {
      // The process metrics start at the first scrape: they keep an event-loop sampler and a GC observer for the
      // life of the process, which an app that is never scraped (most test apps) should not pay for.
      if (!defaultMetrics) {
        collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 50 });
        defaultMetrics = true;
      }
      const snapshot = await scrape();
      servicesDown.set(snapshot.servicesDown);
      outboxPending.set(snapshot.outboxPending);
      outboxOldestAge.set(snapshot.outboxOldestAgeSeconds);
      return registry.metrics();
    },
  };
}
