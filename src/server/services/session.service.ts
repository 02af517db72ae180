import { BestEffortWrite, type BestEffortLog } from '../lib/best-effort.ts';
import type { SessionsRepository } from '../repositories/sessions.repository.ts';
import type { User, UsersRepository } from '../repositories/users.repository.ts';
import type { Clock } from './clock.ts';
import { iso } from './clock.ts';
import { hashToken, newToken } from './secret-tokens.ts';

/** Idle expiry: a session unused for a week ends. Absolute expiry: no session lives longer than 30 days. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000;
// Writing last_seen on every request would turn reads into writes; once a minute is enough for idle expiry.
const TOUCH_EVERY_MS = 60_000;

/** A signed-in request's identity. */
export interface ActiveSession {
  idHash: string;
  user: User;
  requiresPasswordChange: boolean;
}

export interface NewSessionOptions {
  requiresPasswordChange?: boolean;
  ip: string | null;
  userAgent: string | null;
}

/** Told when sessions end through this service: one session (logout) or a user's others. */
export type SessionEndListener = (ended: { idHash: string } | { userId: number; keepIdHash?: string }) => void;

/** Server-side sessions: random 256-bit ids in the cookie, keyed hashes in the database. */
export class SessionService {
  readonly #endListeners = new Set<SessionEndListener>();
  // Writes on the read path: a signed-in read must not fail because they do (a full disk), see BestEffortWrite.
  readonly #touches: BestEffortWrite;
  readonly #cleanups: BestEffortWrite;

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly key: string,
    log?: BestEffortLog,
  ) {
    this.#touches = new BestEffortWrite("updating a session's last-seen time", log);
    this.#cleanups = new BestEffortWrite('deleting an ended session', log);
  }

  /** Starts a session and returns the cookie value (the only time it exists in clear). */
  async create(userId: number, options: NewSessionOptions): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    await this.sessions.insert({
      idHash: hashToken(this.key, token),
      userId,
      requiresPasswordChange: options.requiresPasswordChange ?? false,
      createdAt: iso(now),
      lastSeenAt: iso(now),
      expiresAt: iso(this.#expiry(now, now)),
      ip: options.ip,
      userAgent: options.userAgent?.slice(0, 512) ?? null,
    });
    return token;
  }

  /**
   * Resolves a cookie value to its live session and user; expired or orphaned sessions are removed. Its writes are
   * best effort: the answer never depends on them (an ended session is refused whether or not its row went).
   */
  async resolve(token: string): Promise<ActiveSession | null> {
    if (token.length < 20 || token.length > 100) return null;
    const idHash = hashToken(this.key, token);
    const session = await this.sessions.find(idHash);
    if (!session) return null;
    const now = this.clock.now();
    if (session.expiresAt <= iso(now)) {
      await this.#cleanups.run(() => this.sessions.delete(idHash));
      return null;
    }
    const user = await this.users.findById(session.userId);
    if (!user || !user.enabled) {
      await this.#cleanups.run(() => this.sessions.delete(idHash));
      return null;
    }
    if (now.getTime() - Date.parse(session.lastSeenAt) >= TOUCH_EVERY_MS) {
      // Not written: tried again on the next request, and the idle expiry counts from the last time that worked.
      const expiresAt = iso(this.#expiry(now, new Date(session.createdAt)));
      await this.#touches.run(() => this.sessions.touch(idHash, iso(now), expiresAt));
    }
    return { idHash, user, requiresPasswordChange: session.requiresPasswordChange };
  }

  /**
   * The session behind `idHash` as it stands now, without touching it: null once it ended, expired, or its user
   * was disabled or deleted. Long-lived connections (event streams) call it to notice sessions ended elsewhere.
   */
  async check(idHash: string): Promise<ActiveSession | null> {
    const session = await this.sessions.find(idHash);
    if (!session || session.expiresAt <= iso(this.clock.now())) return null;
    const user = await this.users.findById(session.userId);
    if (!user || !user.enabled) return null;
    return { idHash, user, requiresPasswordChange: session.requiresPasswordChange };
  }

  /** Subscribes to sessions ended here (other paths are noticed by `check`); returns the unsubscribe. */
  onEnd(listener: SessionEndListener): () => void {
    this.#endListeners.add(listener);
    return () => this.#endListeners.delete(listener);
  }

  /** Ends one session (logout). */
  async end(idHash: string): Promise<void> {
    await this.sessions.delete(idHash);
    this.#emitEnd({ idHash });
  }

  /** Ends all of a user's sessions, but `keepIdHash` when given. */
  async endOthers(userId: number, keepIdHash?: string): Promise<void> {
    await this.sessions.deleteForUser(userId, keepIdHash);
    this.#emitEnd(keepIdHash === undefined ? { userId } : { userId, keepIdHash });
  }

  #emitEnd(ended: Parameters<SessionEndListener>[0]): void {
    for (const listener of this.#endListeners) listener(ended);
  }

  async countForUser(userId: number): Promise<number> {
    return this.sessions.countForUser(userId);
  }

  /** Removes expired rows; called by a periodic job. */
  async purgeExpired(): Promise<number> {
    return this.sessions.deleteExpired(iso(this.clock.now()));
  }

  /** Cookie lifetime in seconds for a new session. */
  static maxAgeSeconds(): number {
    return Math.floor(SESSION_ABSOLUTE_MS / 1000);
  }

  #expiry(now: Date, createdAt: Date): Date {
    return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_ABSOLUTE_MS));
  }
}
