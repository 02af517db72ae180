/**
 * Runs tasks one per turn of the event loop: the first at once, each next one from `setImmediate`, that is after
 * the loop has run the I/O callbacks that became ready meanwhile. The monitor starts the checks due in one
 * wake-up of its scheduler this way rather than all in one go: the loop then reads the answers of the first
 * checks while the next ones start, so a check's recorded response time is the target's, not the time the loop
 * spent starting and reading the others (issue 14). The wake-up, which is what costs CPU, is still shared; a turn
 * that does not wait costs a few microseconds.
 */
export class TurnQueue {
  readonly #tasks: (() => void)[] = [];
  #head = 0;
  #draining = false;

  push(task: () => void): void {
    this.#tasks.push(task);
    if (this.#draining) return;
    this.#draining = true;
    this.#drain();
  }

  readonly #drain = (): void => {
    const task = this.#tasks[this.#head];
    if (!task) {
      this.#tasks.length = 0;
      this.#head = 0;
      this.#draining = false;
      return;
    }
    this.#head += 1;
    setImmediate(this.#drain);
    task();
  };
}
