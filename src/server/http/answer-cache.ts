/** An answer body as it was sent, with its entity tag. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
}

/**
 * Answers kept in memory by key (e.g. one per visibility class of the service list), dropped all at once by
 * `invalidate()` whenever what they show changes. An answer built while a change happened is not kept: it may
 * show the state before the change. Holds at most `maxEntries` answers; the least recently used go first.
 */
export class AnswerCache {
  readonly #entries = new Map<string, CachedAnswer>();
  #generation = 0;

  constructor(private readonly maxEntries = 64) {}

  /** Changes with every invalidation; an answer is stored only under the generation it was built in. */
  get generation(): number {
    return this.#generation;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /** Keeps an answer built from the state of `generation`, unless something changed since. */
  store(key: string, generation: number, answer: CachedAnswer): void {
    if (generation !== this.#generation) return;
    this.#entries.delete(key);
    this.#entries.set(key, answer);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries) break;
      this.#entries.delete(oldest);
    }
  }

  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
