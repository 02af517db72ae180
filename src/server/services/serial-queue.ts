/**
 * Runs tasks one at a time, in the order they arrive. A failed task does not stop the ones queued after it.
 * For work whose memory adds up when it overlaps (decoding images).
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
