import { isAdminRole } from '#shared/permissions';
import { GAME_MSG, MSG } from '#shared/messages';
import type {
  GameServerRequest,
  GameServerRequestsRepository,
} from '../repositories/game-server-requests.repository.ts';
import type { UsersRepository, User } from '../repositories/users.repository.ts';
import type { NewOutboxMail } from '../repositories/outbox-mails.repository.ts';
import { AppError } from '../services/app-error.ts';
import type { Clock } from '../services/clock.ts';
import { iso } from '../services/clock.ts';
import { RateLimiter, throwIfLimited, type RateLimitRule } from '../services/rate-limiter.ts';

/** A user may send this many requests per hour: enough for real use, too few to flood the admins' mailboxes. */
export const REQUEST_LIMIT: RateLimitRule = { limit: 5, windowMs: 60 * 60_000 };
const LIST_LIMIT = 500;

export interface GameServerRequestDeps {
  requests: GameServerRequestsRepository;
  users: UsersRepository;
  /** Queues the mails to the admins (the notification outbox). */
  enqueueMails: (mails: NewOutboxMail[]) => Promise<void>;
  siteTitle: () => Promise<string>;
  publicUrl: string;
  clock: Clock;
  limit?: RateLimitRule;
}

/** Players' requests for new game servers: stored, mailed to every admin, listed and closed by admins. */
export class GameServerRequestService {
  readonly #perUser: RateLimiter;

  constructor(private readonly deps: GameServerRequestDeps) {
    this.#perUser = new RateLimiter(deps.limit ?? REQUEST_LIMIT, () => deps.clock.now().getTime());
  }

  /** Stores the request and queues one mail per enabled admin with an address; 429 past the per-user limit. */
  async submit(user: User, game: string): Promise<void> {
    const key = String(user.id);
    throwIfLimited(MSG.tooManyAttempts, this.#perUser.retryAfter(key));
    this.#perUser.hit(key);
    const now = iso(this.deps.clock.now());
    await this.deps.requests.insert(game, user.id, now);
    const title = await this.deps.siteTitle();
    const admins = (await this.deps.users.list()).filter(
      (admin) => isAdminRole(admin.role) && admin.enabled && admin.email,
    );
    await this.deps.enqueueMails(
      admins.map((admin) => ({
        kind: 'game_server_request',
        mailTo: admin.email ?? '',
        subject: `${title}: new game server request`,
        text:
          `${user.username} asked for a new game server: ${game}\n\n` +
          `Requested at ${now}. Open requests are listed in the Game Servers section of ${this.deps.publicUrl}/\n`,
      })),
    );
  }

  async list(): Promise<GameServerRequest[]> {
    return this.deps.requests.list(LIST_LIMIT);
  }

  /** Marks a request done (or open again). */
  async setDone(id: number, done: boolean): Promise<GameServerRequest> {
    const changed = await this.deps.requests.setDone(id, done ? iso(this.deps.clock.now()) : null);
    const request = changed ? await this.deps.requests.findById(id) : undefined;
    if (!request) throw new AppError('not_found', GAME_MSG.requestNotFound);
    return request;
  }
}
