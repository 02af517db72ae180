import { CHECK_TIMEOUT, type CheckOutcome } from '../monitor/http-checker.ts';
import type { CheckObserver, PolledProvider, PollObserver } from './observers.ts';
import { loadExposition, PROMETHEUS_CONTENT_TYPE, type RenderExposition } from './prom-exposition.ts';
import { RecordedCounter, RecordedGauge, RecordedHistogram } from './recorded-metrics.ts';

/** One outbox queue at a scrape. */
export interface QueueFigures {
  pending: number;
  /** Seconds since the oldest pending item was created; 0 when nothing is pending. */
  oldestAgeSeconds: number;
}

/** What a scrape reads from the database (scrape-queries.ts); tests may pass fixed figures. */
export interface ScrapeSnapshot {
  servicesDown: number;
  /** By queue (`status_change`, `email`, `channel`, `other_mail`: see OUTBOX_QUEUES), each one a series. */
  outbox: Readonly<Record<string, QueueFigures>>;
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
 * Builds the metrics of one app. Counters and histograms are plain numbers fed by the callbacks as things happen
 * (recorded-metrics.ts); the gauges read the database once per scrape (`scrape`). prom-client, which renders them,
 * is loaded at the first scrape (prom-exposition.ts), on a registry of this app's own, so that several apps in one
 * process (tests) do not share or clash.
 */
export function createAppMetrics(scrape: () => Promise<ScrapeSnapshot>): AppMetrics {
  const checksTotal = new RecordedCounter(
    'homelab_checks_total',
    'Service checks finished, by result (up, down, timeout, refused).',
    ['result'],
  );
  // Every result from zero, so that rate() and increase() see the first one; one series per result, looked up
  // once: the monitor reports 50+ checks a second.
  const checkCounters = new Map(CHECK_RESULTS.map((result) => [result, checksTotal.child({ result })]));
  const checkDuration = new RecordedHistogram(
    'homelab_check_duration_seconds',
    'How long a service check took, until its answer, failure or deadline.',
    [],
    CHECK_DURATION_BUCKETS,
  );
  const scheduleLag = new RecordedHistogram(
    'homelab_check_schedule_lag_seconds',
    'How late a check started after its due time.',
    [],
    SCHEDULE_LAG_BUCKETS,
  );
  const servicesDown = new RecordedGauge('homelab_services_down', 'Services whose stored status is down.');
  const outboxPending = new RecordedGauge(
    'homelab_outbox_pending',
    'Outbox work not yet done, by queue: status_change (changes not yet turned into alerts), email and channel (alerts waiting or being sent), other_mail.',
    ['queue'],
  );
  const outboxOldestAge = new RecordedGauge(
    'homelab_outbox_oldest_age_seconds',
    'Age of the oldest pending item of each outbox queue (0 when none).',
    ['queue'],
  );
  const pollsTotal = new RecordedCounter(
    'homelab_provider_polls_total',
    'Polls of outside systems (amp, game-query, plex, jellyfin) by result (ok, error, not_configured).',
    ['provider', 'result'],
  );
  const pollDuration = new RecordedHistogram(
    'homelab_provider_poll_duration_seconds',
    'How long a poll of an outside system took.',
    ['provider'],
    POLL_DURATION_BUCKETS,
  );
  const requestDuration = new RecordedHistogram(
    'homelab_http_request_duration_seconds',
    'HTTP requests answered, by route pattern (unmatched, static), method and status.',
    ['route', 'method', 'status'],
    HTTP_DURATION_BUCKETS,
  );
  let exposition: Promise<RenderExposition> | null = null;

  return {
    checks: {
      started(lateMs) {
        scheduleLag.observe({}, Math.max(0, lateMs) / 1000);
      },
      finished(outcome, durationMs) {
        const counter = checkCounters.get(checkResultLabel(outcome));
        if (counter) counter.value += 1;
        checkDuration.observe({}, Math.max(0, durationMs) / 1000);
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
    contentType: PROMETHEUS_CONTENT_TYPE,
    async render() {
      // The order prom-client lists them in: as declared here, then its process metrics.
      exposition ??= loadExposition([
        { kind: 'counter', metric: checksTotal },
        { kind: 'histogram', metric: checkDuration },
        { kind: 'histogram', metric: scheduleLag },
        { kind: 'gauge', metric: servicesDown },
        { kind: 'gauge', metric: outboxPending },
        { kind: 'gauge', metric: outboxOldestAge },
        { kind: 'counter', metric: pollsTotal },
        { kind: 'histogram', metric: pollDuration },
        { kind: 'histogram', metric: requestDuration },
      ]);
      // A failed load is tried again at the next scrape.
      const render = await exposition.catch((error: unknown) => {
        exposition = null;
        throw error;
      });
      const snapshot = await scrape();
      servicesDown.set({}, snapshot.servicesDown);
      for (const [queue, figures] of Object.entries(snapshot.outbox)) {
        outboxPending.set({ queue }, figures.pending);
        outboxOldestAge.set({ queue }, figures.oldestAgeSeconds);
      }
      return render();
    },
  };
}
