/**
 * Runs a task one at a time: a call while it runs gets one more run after it, shared by every such caller, so a
 * caller that asks "again, now" (after an action or a settings change) always sees a run that started after it asked.
 */
export class CoalescedRun {
  #running: Promise<void> | null = null;
  #next: Promise<void> | null = null;

  constructor(private readonly task: () => Promise<void>) {}

  run(): Promise<void> {
    if (!this.#running) {
      this.#running = this.task().finally(() => {
        this.#running = null;
      });
      return this.#running;
    }
    this.#next ??= this.#running.then(() => {
      this.#next = null;
      return this.run();
    });
    return this.#next;
  }

  /** Resolves once no run is running or queued (shutdown waits for it before the database closes). */
  async idle(): Promise<void> {
    await this.#next;
    await this.#running;
  }
}
