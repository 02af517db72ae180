/** Where a best-effort write reports (a pino logger fits). */
export interface BestEffortLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/**
 * A write that the request it runs in does not need (a session's last-seen time, an API key's last use, removing
 * a session found expired) and whose failure must therefore not fail that request: with the disk full, a read
 * that happened to fall on the once-a-minute last-seen write would otherwise answer 500 and sign people out of
 * reading. The first failure is logged, and the recovery, not every failure: during a full disk that would be a
 * line per page view.
 */
export class BestEffortWrite {
  #failing = false;

  constructor(
    private readonly what: string,
    private readonly log: BestEffortLog | undefined,
  ) {}

  /** Runs `write`; a failure is swallowed (and logged if it is the first since the last success). */
  async run(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (!this.#failing) {
        this.#failing = true;
        this.log?.warn({ err: error }, `${this.what} failed; requests go on without it (logged again once it works)`);
      }
      return;
    }
    if (this.#failing) {
      this.#failing = false;
      this.log?.info(`${this.what} works again`);
    }
  }
}
