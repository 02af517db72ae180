/**
 * What a stream pushes (issue 14): a service's status, "look again" for game servers and the media card, or
 * "look again at everything" when events may have been missed.
 */
export type LiveEventType = 'service' | 'game-servers' | 'media' | 'resync';

export interface LiveEvent {
  /** `<epoch>-<sequence>`: unique in this process, and never confused with the ids of an earlier process. */
  id: string;
  type: LiveEventType;
  /** JSON-ready; a service change is `{ id, status, lastChecked, failure? }` as GET /api/services shows them. */
  data: unknown;
  /** Only viewers who may see NSFW services receive it. */
  nsfw: boolean;
  /** The event as a Server-Sent Events frame, built once for all the streams it goes to. */
  frame: string;
  /**
   * The same event (same id) as administrators see it, when they see more than others (the text of a failed
   * condition, which only they may read); null when everyone receives `frame`.
   */
  adminFrame: string | null;
}

/** Who may receive an event, and what administrators receive instead when it differs. */
export interface LiveEventAudience {
  /** Only viewers who may see NSFW services receive it. */
  nsfw?: boolean;
  /** What administrators receive instead of `data`; other viewers never receive it. */
  adminData?: unknown;
}

export type LiveEventListener = (event: LiveEvent) => void;

/** Told the id of a user whose rights (role, approval, NSFW access) changed or who was deleted. */
export type ViewerChangeListener = (userId: number) => void;

/** Events kept for reconnects (Last-Event-ID); a client further behind than this is told to resync. */
const REPLAY_BUFFER = 1000;

/**
 * The in-process fan-out of live changes to open event streams, with a short replay buffer so a client that
 * reconnects with Last-Event-ID misses nothing. Each instance has its own: changes reach every instance through
 * the change feed (events/change-feed.ts), and each publishes them here for its own streams
 * (docs/decisions/0014-live-events.md).
 */
export class LiveEvents {
  readonly #listeners = new Set<LiveEventListener>();
  readonly #viewerListeners = new Set<ViewerChangeListener>();
  readonly #buffer: LiveEvent[] = [];
  readonly #epoch: string;
  #sequence = 0;

  constructor(epoch: number = Date.now()) {
    this.#epoch = epoch.toString(36);
  }

  publish(type: LiveEventType, data: unknown, audience: LiveEventAudience = {}): LiveEvent {
    this.#sequence += 1;
    const id = `${this.#epoch}-${this.#sequence}`;
    const frame = (payload: unknown) => `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(payload)}\n\n`;
    const event: LiveEvent = {
      id,
      type,
      data,
      nsfw: audience.nsfw ?? false,
      frame: frame(data),
      adminFrame: audience.adminData === undefined ? null : frame(audience.adminData),
    };
    this.#buffer.push(event);
    if (this.#buffer.length > REPLAY_BUFFER) this.#buffer.shift();
    for (const listener of this.#listeners) listener(event);
    return event;
  }

  /**
   * Events may have been missed (this instance stopped hearing the others for a while): what came before can no
   * longer be replayed, and open streams are told to fetch everything again.
   */
  resync(): LiveEvent {
    this.#buffer.length = 0;
    // A place-holder sequence for what was missed: even the id just before the gap is then too old to replay.
    this.#sequence += 1;
    return this.publish('resync', {});
  }

  subscribe(listener: LiveEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * A user's rights changed (here, or in another instance through the change feed): each of their open streams,
   * which filters by the rights it started with, ends, and the client's reconnect is filtered by the new ones.
   */
  viewerChanged(userId: number): void {
    for (const listener of this.#viewerListeners) listener(userId);
  }

  onViewerChange(listener: ViewerChangeListener): () => void {
    this.#viewerListeners.add(listener);
    return () => this.#viewerListeners.delete(listener);
  }

  get streamCount(): number {
    return this.#listeners.size;
  }

  /**
   * The events after `lastEventId`, or null when they cannot be replayed (another process's id, or older than
   * the buffer): the client must then fetch everything again.
   */
  since(lastEventId: string): LiveEvent[] | null {
    const [epoch, sequenceText] = lastEventId.split('-');
    const sequence = Number(sequenceText);
    if (epoch !== this.#epoch || !Number.isSafeInteger(sequence) || sequence < 0 || sequence > this.#sequence) {
      return null;
    }
    const oldest = this.#buffer[0];
    const oldestSequence = oldest ? Number(oldest.id.split('-')[1]) : this.#sequence + 1;
    if (sequence + 1 < oldestSequence) return null;
    return this.#buffer.filter((event) => Number(event.id.split('-')[1]) > sequence);
  }
}
