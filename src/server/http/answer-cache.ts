/** An answer body as it was sent, with its entity tag. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
}

/**
 * Answers kept in memory by key (e.g. one per visibility class and order of the service list), dropped all at once
 * by `invalidate()` whenever what they show changes. An answer built while a change happened is not kept: it may
 * show the state before the change. Holds at most `maxBytes` of bodies (always the newest one); the least
 * recently used go first.
 */
export class AnswerCache {
  readonly #entries = new Map<string, CachedAnswer>();
  #bytes = 0;
  #generation = 0;

  constructor(private readonly maxBytes = 8 * 1024 * 1024) {}

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
    this.#remove(key);
    this.#entries.set(key, answer);
    this.#bytes += answer.body.length;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.maxBytes || oldest === key) break;
      this.#remove(oldest);
    }
  }

  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#bytes = 0;
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.body.length;
  }
}
