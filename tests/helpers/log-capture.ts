import { Writable } from 'node:stream';
import { loggerOptions } from '../../src/server/http/request-log.ts';

/** One JSON line of the product's logger (pino). */
export type LogEntry = Record<string, unknown> & { level: number; msg?: string };

interface Waiter {
  match: (entry: LogEntry) => boolean;
  from: number;
  resolve: (entry: LogEntry) => void;
}

/**
 * The app's log as the product writes it (its logger options at `level`), kept in memory. A test passes `logger`
 * to startTestApp and waits for a line with `next`: resolved when the line is written, no polling.
 */
export class LogCapture {
  readonly entries: LogEntry[] = [];
  readonly #waiters = new Set<Waiter>();
  readonly logger;

  constructor(level = 'info') {
    const stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (line.trim() !== '') this.#add(JSON.parse(line) as LogEntry);
        }
        done();
      },
    });
    this.logger = { ...loggerOptions(level), stream };
  }

  /** Everything written so far, as text (to look for what must never be there). */
  get text(): string {
    return this.entries.map((entry) => JSON.stringify(entry)).join('\n');
  }

  /** The first entry matching `match` written at or after position `from` (default: from now on). */
  next(match: (entry: LogEntry) => boolean, from = this.entries.length): Promise<LogEntry> {
    const found = this.entries.slice(from).find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.#waiters.add({ match, from, resolve }));
  }

  #add(entry: LogEntry): void {
    this.entries.push(entry);
    for (const waiter of this.#waiters) {
      if (this.entries.length - 1 >= waiter.from && waiter.match(entry)) {
        this.#waiters.delete(waiter);
        waiter.resolve(entry);
      }
    }
  }
}
