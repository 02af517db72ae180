import type { CheckOutcome } from '../monitor/http-checker.ts';

/**
 * The callbacks through which the monitor, the pollers and the HTTP server report what Prometheus counts. They are
 * plain functions so that those modules never import prom-client; src/server/metrics/app-metrics.ts implements
 * them, and each is optional where it is taken (tests and benchmarks build monitors and pollers without them).
 */

/** What the monitor reports of each check; called on the monitor's hot path, so it must cost next to nothing. */
export interface CheckObserver {
  /** A check starts `lateMs` after it was due. */
  started(lateMs: number): void;
  /** A check ended (a check cancelled by an edit, a deletion or a stop is not reported). */
  finished(outcome: CheckOutcome, durationMs: number): void;
}

/** The outside systems polled on a schedule: AMP and query-only game servers, and the media back end. */
export type PolledProvider = 'amp' | 'query' | 'plex' | 'jellyfin';

/** ok: the provider answered; error: it failed or could not be reached; not_configured: nothing to ask. */
export type PollResult = 'ok' | 'error' | 'not_configured';

/** Told once per poll of a provider, with the time the provider's calls took (not our database writes). */
export type PollObserver = (provider: PolledProvider, result: PollResult, durationMs: number) => void;
