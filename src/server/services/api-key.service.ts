import { createHash } from 'node:crypto';
import { capReached } from '#shared/messages';
import { API_KEY_MSG, API_KEY_PREFIX, type CreateApiKeyBody, type CreatedApiKeyWire } from '#shared/schemas/api-keys';
import { isAdminRole, isApproved } from '#shared/permissions';
import type { ApiKeyScope } from '../http/access.ts';
import { BestEffortWrite, type BestEffortLog } from '../lib/best-effort.ts';
import type { ApiKeyListing, ApiKeysRepository } from '../repositories/api-keys.repository.ts';
import type { User, UsersRepository } from '../repositories/users.repository.ts';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';
import { iso } from './clock.ts';
import { checkRowCap } from './row-caps.ts';
import { newToken, safeEqual } from './secret-tokens.ts';
import type { ActiveSession } from './session.service.ts';

// Writing last_used_at on every request would turn reads into writes (a dashboard polls every few seconds).
const TOUCH_EVERY_MS = 60_000;
// The prefix, then 256 random bits in base64url (newToken): anything else is not one of our keys.
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);
// Shown in lists: the prefix and 8 random characters, enough to tell keys apart, far too few to guess the rest.
const SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

/** Whether `user` may hold API keys: an enabled, approved administrator. Anyone else's keys are revoked. */
export function holdsKeys(user: User): boolean {
  return user.enabled && isApproved(user) && isAdminRole(user.role);
}

/** A request made with a valid key: the key's scopes and the session of its creator, as whom it acts. */
export interface ApiKeyCaller {
  id: number;
  scopes: readonly ApiKeyScope[];
  auth: ActiveSession;
}

/**
 * A key is 256 random bits, so a plain SHA-256 is enough to store it: no dictionary to slow down, and nothing to
 * gain from a password hash's cost. The hash is looked up by index and compared again in constant time.
 */
function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Admin-created keys for scripts and dashboards (`Authorization: Bearer`, issue 15). */
export class ApiKeyService {
  // Writes on the read path (a script's GET): best effort, see BestEffortWrite.
  readonly #touches: BestEffortWrite;
  readonly #revocations: BestEffortWrite;

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly maxKeys: number,
    log?: BestEffortLog,
  ) {
    this.#touches = new BestEffortWrite("recording an API key's last use", log);
    this.#revocations = new BestEffortWrite('revoking the key of a creator without the right', log);
  }

  /** Creates a key for `creatorId`; the answer is the only place the key ever appears. */
  async create(creatorId: number, input: CreateApiKeyBody): Promise<CreatedApiKeyWire> {
    await checkRowCap(() => this.keys.count(), this.maxKeys, capReached('API keys', this.maxKeys, 'MAX_API_KEYS'));
    const key = `${API_KEY_PREFIX}${newToken()}`;
    const id = await this.keys.insert({
      name: input.name,
      scopes: input.scopes,
      keyHash: hashKey(key),
      prefix: key.slice(0, SHOWN_LENGTH),
      createdBy: creatorId,
      createdAt: iso(this.clock.now()),
    });
    return { id, name: input.name, scopes: input.scopes, key };
  }

  list(): Promise<ApiKeyListing[]> {
    return this.keys.list();
  }

  async revoke(id: number): Promise<void> {
    if (!(await this.keys.delete(id))) throw new AppError('not_found', API_KEY_MSG.notFound);
  }

  /**
   * Revokes (deletes) every key of `userId`: called when they stop being an enabled, approved administrator, so
   * that a later re-promotion does not bring back keys made under the old grant. How many there were.
   */
  revokeAllOf(userId: number): Promise<number> {
    return this.keys.deleteByCreator(userId);
  }

  /**
   * The caller behind a presented key, or null when it is not a live key. A key works only while its creator is
   * an enabled, approved administrator. A key whose creator is not (a demotion that revoked nothing, e.g. one
   * interrupted between its two writes) is revoked when it is presented.
   */
  async resolve(key: string, ip: string): Promise<ApiKeyCaller | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const keyHash = hashKey(key);
    const record = await this.keys.findByHash(keyHash);
    if (!record || !safeEqual(record.keyHash, keyHash)) return null;
    const user = await this.users.findById(record.createdBy);
    if (!user || !holdsKeys(user)) {
      // Refused either way; the row goes when it can (it is refused again at every use until then).
      await this.#revocations.run(() => this.keys.delete(record.id));
      return null;
    }
    const now = this.clock.now();
    if (record.lastUsedAt === null || now.getTime() - Date.parse(record.lastUsedAt) >= TOUCH_EVERY_MS) {
      await this.#touches.run(() => this.keys.touch(record.id, iso(now), ip));
    }
    // Never a session id (those are 43-character hashes): routes keys may call never end or keep sessions.
    const auth: ActiveSession = { idHash: `api-key:${record.id}`, user, requiresPasswordChange: false };
    return { id: record.id, scopes: record.scopes, auth };
  }
}
