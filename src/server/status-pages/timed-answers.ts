import { weakEtag } from '../http/entity-tag.ts';

/** A public answer as sent: body, content type and entity tag. */
export interface TimedAnswer {
  body: Buffer;
  type: string;
  etag: string;
}

interface Entry extends TimedAnswer {
  expires: number;
}

/**
 * Public answers (status pages, badges) kept in memory for a few seconds each, so a page under load, or a badge in
 * a README fetched by every visitor, costs no database work between rebuilds. `invalidate()` drops them all when
 * an admin changes what they show; states and uptime are at most `ttlMs` old. An answer built while an
 * invalidation happened is not kept. At most `maxEntries` are kept, the oldest first out.
 */
export class TimedAnswers {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 2_000,
  ) {}

  /** The kept answer for `key`, or one built by `build` (null: nothing to answer, not kept). */
  async get(key: string, build: () => Promise<{ body: string; type: string } | null>): Promise<TimedAnswer | null> {
    const now = this.now();
    const kept = this.#entries.get(key);
    if (kept && kept.expires > now) return kept;
    const generation = this.#generation;
    const built = await build();
    if (!built) return null;
    const body = Buffer.from(built.body);
    const entry: Entry = { body, type: built.type, etag: weakEtag(body), expires: now + this.ttlMs };
    if (generation === this.#generation) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      for (const oldest of this.#entries.keys()) {
        if (this.#entries.size <= this.maxEntries) break;
        this.#entries.delete(oldest);
      }
    }
    return entry;
  }

  /** How long a client or proxy may keep an answer, in whole seconds. */
  get maxAgeSeconds(): number {
    return Math.floor(this.ttlMs / 1000);
  }

  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
