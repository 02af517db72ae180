/**
 * Open event streams per account, bounded: tabs and devices need a few, more would only hold memory. `open`
 * answers false at the limit; the caller releases each stream it opened when the stream ends.
 */
export class StreamQuota {
  readonly #open = new Map<number, number>();

  constructor(private readonly perUser: number) {}

  open(userId: number): boolean {
    const count = this.#open.get(userId) ?? 0;
    if (count >= this.perUser) return false;
    this.#open.set(userId, count + 1);
    return true;
  }

  release(userId: number): void {
    const left = (this.#open.get(userId) ?? 1) - 1;
    if (left <= 0) this.#open.delete(userId);
    else this.#open.set(userId, left);
  }
}
