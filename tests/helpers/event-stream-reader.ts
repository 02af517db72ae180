import type { TestClient } from './http-client.ts';

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Reads a Server-Sent Events stream as a browser's EventSource would (frames split on blank lines, `id:`,
 * `event:`, `data:` fields, comments skipped), so tests wait for the next matching event instead of sleeping.
 */
export class EventStreamReader {
  readonly events: StreamEvent[] = [];
  /** Heartbeat comments seen (`: ping`). */
  comments = 0;
  status = 0;
  contentType: string | null = null;
  #ended = false;
  #waiters: (() => void)[] = [];
  readonly #abort = new AbortController();

  static async open(client: TestClient, options: { lastEventId?: string } = {}): Promise<EventStreamReader> {
    const reader = new EventStreamReader();
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (client.cookies.size > 0) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
    const response = await fetch(`${client.baseUrl}/api/events`, { headers, signal: reader.#abort.signal });
    reader.status = response.status;
    reader.contentType = response.headers.get('content-type');
    if (response.ok && response.body) void reader.#pump(response.body);
    else {
      await response.text();
      reader.#end();
    }
    return reader;
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Resolves with the first event (past or future) of that type matching `where`; rejects if the stream ends. */
  async next(type: string, where: (data: unknown) => boolean = () => true): Promise<StreamEvent> {
    for (;;) {
      const found = this.events.find((event) => event.event === type && where(JSON.parse(event.data)));
      if (found) return found;
      if (this.#ended) throw new Error(`the stream ended before a '${type}' event`);
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  /** Resolves when the server ends the stream. */
  async end(): Promise<void> {
    while (!this.#ended) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  /** Resolves once `count` heartbeats have arrived. */
  async heartbeats(count: number): Promise<void> {
    while (this.comments < count) {
      if (this.#ended) throw new Error('the stream ended before the heartbeats');
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  close(): void {
    this.#abort.abort();
  }

  async #pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) !== -1) {
          this.#frame(buffer.slice(0, split));
          buffer = buffer.slice(split + 2);
        }
        this.#wake();
      }
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream is over.
    }
    this.#end();
  }

  #frame(text: string): void {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of text.split('\n')) {
      if (line.startsWith(':')) this.comments += 1;
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) this.events.push({ id, event, data: data.join('\n') });
  }

  #end(): void {
    this.#ended = true;
    this.#wake();
  }

  #wake(): void {
    for (const wake of this.#waiters.splice(0)) wake();
  }
}

/** The streams a test file opens, closed together when it ends (a stream left open would keep its server busy). */
export class OpenStreams {
  readonly #open: EventStreamReader[] = [];

  async open(client: TestClient, options: { lastEventId?: string } = {}): Promise<EventStreamReader> {
    const reader = await EventStreamReader.open(client, options);
    this.#open.push(reader);
    return reader;
  }

  closeAll(): void {
    for (const reader of this.#open.splice(0)) reader.close();
  }
}

/**
 * Adds a query-only game server that never answers (the discard port): it is polled at once and found offline,
 * which is a change from nothing, so streams receive a `game-servers` event.
 */
export async function addSilentGameServer(admin: TestClient): Promise<void> {
  const added = await admin.post('/api/game-servers', {
    name: 'Silent',
    type: 'armagetronadvanced',
    host: '127.0.0.1',
    port: 9,
  });
  if (added.status !== 201) throw new Error(`adding a game server: ${added.status} ${added.text}`);
}
