import type { FastifyBaseLogger } from 'fastify';

/** A shutdown that takes longer than this is abandoned: the process exits 1 (a supervisor's kill comes soon after). */
export const SHUTDOWN_LIMIT_MS = 10_000;

export interface ShutdownOptions {
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** The steps of a clean shutdown, in order; exit 0 once they resolve. */
  steps: () => Promise<void>;
  limitMs?: number;
  /** Tests: where the signals come from and how the process ends. */
  signals?: Pick<NodeJS.Process, 'on'>;
  exit?: (code: number) => void;
}

/**
 * SIGTERM (Docker, systemd, Kubernetes) and SIGINT (Ctrl-C) start a clean shutdown that exits 0. A second signal
 * means "now": exit 1 at once, as does a shutdown that outlives the limit; either way with a line in the log that
 * says so, since work in progress may have been cut short.
 */
export function exitOnSignals(options: ShutdownOptions): void {
  const { log, steps, limitMs = SHUTDOWN_LIMIT_MS, signals = process, exit = (code) => process.exit(code) } = options;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.error({ signal }, 'second signal during shutdown; exiting at once');
      exit(1);
      return;
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    const limit = setTimeout(() => {
      log.error(`shutdown did not finish within ${limitMs / 1000} s; exiting`);
      exit(1);
    }, limitMs);
    steps().then(
      () => {
        clearTimeout(limit);
        log.info('shut down cleanly');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(limit);
        log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
  signals.on('SIGTERM', onSignal);
  signals.on('SIGINT', onSignal);
}
