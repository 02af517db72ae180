import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { PgListener, pgNotify } from '../db/pg-listener.ts';

/**
 * What one instance tells every instance (itself included). Small on purpose, ids and kinds only: each instance
 * reads the current state itself and filters it per viewer, as for its own changes.
 */
export type FeedMessage =
  /** Check results with a status change were committed for these services. */
  | { kind: 'service'; ids: number[] }
  /** A game-server or media poll changed what the cards show. */
  | { kind: 'game-servers' }
  | { kind: 'media' }
  /** An administrator created, edited or deleted a service. */
  | { kind: 'catalog'; change: 'created' | 'updated' | 'deleted'; id: number }
  /** Something else the presented service list shows changed (check results written, a site setting). */
  | { kind: 'list' }
  /** A user's role, approval or NSFW access changed, or the user was deleted: their open streams end. */
  | { kind: 'viewer'; userId: number };

/** `fromHere`: this instance published it (and has applied it locally already, where that matters). */
export type FeedListener = (message: FeedMessage, fromHere: boolean) => void;

/**
 * The changes every instance must hear of: live events for its streams, services to (re)schedule, cached lists
 * to drop (docs/decisions/0014). On SQLite one process serves everything and delivers in-process; on PostgreSQL
 * through LISTEN/NOTIFY, so that an instance hears of what another one (the leader running the checks and
 * pollers, or the one an administrator used) did.
 */
export interface ChangeFeed {
  /** False while messages of other instances may be missed (the listening connection is down). */
  readonly live: boolean;
  publish(message: FeedMessage): void;
  subscribe(listener: FeedListener): void;
  /** Told when messages may have been missed (listening again after a lost connection). */
  onGap(listener: () => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** One process: messages go straight to the listeners. */
export class LocalChangeFeed implements ChangeFeed {
  readonly live = true;
  readonly #listeners: FeedListener[] = [];

  publish(message: FeedMessage): void {
    for (const listener of this.#listeners) listener(message, true);
  }

  subscribe(listener: FeedListener): void {
    this.#listeners.push(listener);
  }

  onGap(): void {}

  start(): Promise<void> {
    return Promise.resolve();
  }

  stop(): Promise<void> {
    return Promise.resolve();
  }
}

export const CHANGE_CHANNEL = 'homelab_changes';
/** PostgreSQL refuses payloads of 8,000 bytes or more: ids go out in chunks well below that. */
const IDS_PER_NOTIFICATION = 500;

interface Envelope {
  /** The publishing instance. */
  o: string;
  m: FeedMessage;
}

export interface PgChangeFeedOptions {
  retryMs?: number;
  heartbeatMs?: number;
}

/**
 * Several instances on one PostgreSQL database: NOTIFY on a pooled connection, LISTEN on a dedicated one per
 * instance. Every instance receives every message, its own included, in the order they committed.
 */
export class PgChangeFeed implements ChangeFeed {
  readonly #origin = randomBytes(6).toString('hex');
  readonly #listeners: FeedListener[] = [];
  readonly #gapListeners: (() => void)[] = [];
  readonly #listener: PgListener;

  constructor(
    private readonly db: Db,
    connectionString: string,
    private readonly log: FastifyBaseLogger,
    options: PgChangeFeedOptions = {},
  ) {
    this.#listener = new PgListener({
      connectionString,
      channel: CHANGE_CHANNEL,
      onNotification: (payload) => this.#receive(payload),
      onResumed: () => {
        for (const listener of this.#gapListeners) listener();
      },
      log,
      ...options,
    });
  }

  get live(): boolean {
    return this.#listener.listening;
  }

  publish(message: FeedMessage): void {
    const messages =
      message.kind === 'service' && message.ids.length > IDS_PER_NOTIFICATION
        ? chunks(message.ids, IDS_PER_NOTIFICATION).map((ids) => ({ kind: 'service' as const, ids }))
        : [message];
    for (const part of messages) {
      const envelope: Envelope = { o: this.#origin, m: part };
      pgNotify(this.db.kysely, CHANGE_CHANNEL, JSON.stringify(envelope)).catch((error: unknown) =>
        this.log.error({ err: error, kind: message.kind }, 'could not announce a change to the other instances'),
      );
    }
  }

  subscribe(listener: FeedListener): void {
    this.#listeners.push(listener);
  }

  onGap(listener: () => void): void {
    this.#gapListeners.push(listener);
  }

  start(): Promise<void> {
    return this.#listener.start();
  }

  stop(): Promise<void> {
    return this.#listener.stop();
  }

  #receive(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      // Another program on the channel: not ours to read.
      return;
    }
    if (typeof envelope?.o !== 'string' || !isFeedMessage(envelope.m)) return;
    for (const listener of this.#listeners) listener(envelope.m, envelope.o === this.#origin);
  }
}

const isId = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

/** Anyone who may connect to the database may NOTIFY on the channel: only well-formed messages are passed on. */
function isFeedMessage(value: unknown): value is FeedMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  switch (message.kind) {
    case 'service':
      return Array.isArray(message.ids) && message.ids.every(isId);
    case 'catalog':
      return isId(message.id) && ['created', 'updated', 'deleted'].includes(message.change as string);
    case 'viewer':
      return isId(message.userId);
    case 'game-servers':
    case 'media':
    case 'list':
      return true;
    default:
      return false;
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The feed for this database: in-process on SQLite, LISTEN/NOTIFY on PostgreSQL. */
export function createChangeFeed(db: Db, log: FastifyBaseLogger, options: PgChangeFeedOptions = {}): ChangeFeed {
  if (db.dialect === 'postgres' && db.connectionString) return new PgChangeFeed(db, db.connectionString, log, options);
  return new LocalChangeFeed();
}
