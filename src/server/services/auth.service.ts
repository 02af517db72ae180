import type { Kysely } from 'kysely';
import { MSG } from '#shared/messages';
import type { Role } from '#shared/roles';
import type { LoginBody, RegisterBody } from '#shared/schemas/auth';
import type { Database } from '../db/schema.ts';
import type { Dialect } from '../db/database.ts';
import { clientAddressKey } from '../lib/address-group.ts';
import type { SettingsRepository } from '../repositories/settings.repository.ts';
import type { User, UsersRepository } from '../repositories/users.repository.ts';
import { AccountLockout } from './account-lockout.ts';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';
import { iso } from './clock.ts';
import type { LoginAttemptService } from './login-attempt.service.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { AuthRateLimits } from './rate-limiter.ts';
import { DEFAULT_ACCOUNT_LOCK, RateLimiter, throwIfLimited } from './rate-limiter.ts';
import type { SessionService } from './session.service.ts';

/** Who is asking: the address (proxy headers only when trusted) and browser. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

/** A successful sign-in: the user and the new session's cookie value. */
export interface SignedIn {
  user: User;
  token: string;
  requiresPasswordChange: boolean;
}

export interface AuthServiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  users: UsersRepository;
  settings: SettingsRepository;
  sessions: SessionService;
  attempts: LoginAttemptService;
  hasher: PasswordHasher;
  clock: Clock;
  limits: AuthRateLimits;
}

/** Registration, password sign-in, logout and password change: the account rules of DESIGN. */
export class AuthService {
  readonly #failuresPerIp: RateLimiter;
  readonly #lockout: AccountLockout;
  readonly #failuresPerAccountAddress: RateLimiter;
  readonly #registrationsPerIp: RateLimiter;
  #dummyHash: Promise<string> | undefined;

  constructor(private readonly deps: AuthServiceDeps) {
    const now = () => deps.clock.now().getTime();
    const perAccount = deps.limits.loginFailuresPerIdentifier;
    this.#failuresPerIp = new RateLimiter(deps.limits.loginFailuresPerIp, now);
    this.#lockout = new AccountLockout(perAccount, deps.limits.accountLock ?? DEFAULT_ACCOUNT_LOCK, now);
    this.#failuresPerAccountAddress = new RateLimiter(perAccount, now);
    this.#registrationsPerIp = new RateLimiter(deps.limits.registrationsPerIp, now);
  }

  /**
   * Creates an account. The first account ever becomes an approved superadmin; later ones take the
   * default role and are approved unless that role is pending. Parallel registrations are serialised.
   */
  async register(input: RegisterBody, origin: RequestOrigin): Promise<SignedIn> {
    const address = clientAddressKey(origin.ip);
    throwIfLimited(MSG.tooManyAttempts, this.#registrationsPerIp.retryAfter(address));
    this.#registrationsPerIp.hit(address);
    const passwordHash = await this.deps.hasher.hash(input.password);
    const user = await this.createAccount({ username: input.username, email: input.email, passwordHash });
    await this.deps.attempts.record(input.username, origin.ip, 'success', user.id);
    return this.#startSession(user, origin, false);
  }

  /**
   * Inserts an account under the registration lock and returns it; used by registration and external sign-in.
   * Raises `conflict` when the username or e-mail is taken.
   */
  async createAccount(input: {
    username: string;
    email: string | null;
    passwordHash: string;
    googleSub?: string;
  }): Promise<User> {
    const { db, dialect, users, settings, clock } = this.deps;
    try {
      return await db.transaction().execute(async (trx) => {
        await users.lockRegistrations(trx, dialect);
        const isFirst = (await users.count(trx)) === 0;
        const siteSettings = await settings.get(trx);
        // The very first account is always possible, or a closed install could never get its superadmin.
        if (!isFirst && !siteSettings.registration_open) throw new AppError('forbidden', MSG.registrationClosed);
        if (await users.findByUsername(input.username, trx)) throw new AppError('conflict', MSG.usernameTaken);
        if (input.email && (await users.findByEmail(input.email, trx))) throw new AppError('conflict', MSG.emailTaken);
        const role: Role = isFirst ? 'superadmin' : siteSettings.default_role;
        return users.insert(
          {
            username: input.username,
            email: input.email,
            password: input.passwordHash,
            role,
            approved: role !== 'pending',
            google_sub: input.googleSub ?? null,
            created_at: iso(clock.now()),
          },
          trx,
        );
      });
    } catch (error) {
      // The unique indexes are the last line against a race between two instances.
      if (!(error instanceof AppError) && isUniqueViolation(error)) throw new AppError('conflict', MSG.usernameTaken);
      throw error;
    }
  }

  /**
   * Password sign-in by username or e-mail. Unknown users and wrong passwords answer alike: the same message, the
   * same hashing work and the same limits. Three limits answer 429 with Retry-After (docs/decisions/0002):
   * - per address (an IPv6 /64 is one): its failures on any accounts;
   * - per account, failures from all addresses together (AccountLockout): a locked account refuses addresses it was
   *   never signed in from without checking the password, for a time that doubles with each further failure. Its
   *   known addresses (#passesLock) still get the check, so a stranger cannot keep the owner out;
   * - per account and address: a known address is refused once it made the account's limit of failures itself.
   * A name that matches no account is counted under its own key the same way and has no known address, so from a
   * stranger's address the answers do not tell whether the account exists. A typed user name and the account's
   * e-mail share the account's count: switching between them wins no fresh guesses.
   */
  async login(input: LoginBody, origin: RequestOrigin): Promise<SignedIn> {
    const address = clientAddressKey(origin.ip);
    // Checked before any lookup, so an address past its limit costs no database work beyond its refusal's count.
    await this.#refuseWhileWaiting(input.username, origin, this.#failuresPerIp.retryAfter(address));
    const user = await this.deps.users.findByLogin(input.username);
    const account = user ? `user:${user.id}` : `name:${input.username.toLowerCase()}`;
    const accountFromHere = `${account} ${address}`;
    const lockWait = this.#lockout.retryAfter(account);
    const passes = lockWait === 0 || (await this.#passesLock(user, address));
    await this.#refuseWhileWaiting(
      input.username,
      origin,
      this.#failuresPerAccountAddress.retryAfter(accountFromHere),
      passes ? 0 : lockWait,
    );
    const matches = user
      ? await this.deps.hasher.verify(user.passwordHash, input.password)
      : await this.deps.hasher.verify(await this.#dummy(), input.password);
    if (!user || !matches) {
      this.#failuresPerIp.hit(address);
      this.#lockout.fail(account);
      this.#failuresPerAccountAddress.hit(accountFromHere);
      await this.deps.attempts.record(input.username, origin.ip, 'failure');
      throw new AppError('unauthenticated', MSG.invalidCredentials);
    }
    // A second factor, once accounts can have one, is checked here: after the password, from every address, known
    // ones included, before the failure counts are cleared and a session starts.
    if (!user.enabled) {
      await this.deps.attempts.record(input.username, origin.ip, 'disabled');
      throw new AppError('forbidden', MSG.accountDisabled);
    }
    // A success forgets the owner's own typos; a running lock runs its course (AccountLockout.succeed).
    this.#lockout.succeed(account);
    this.#failuresPerAccountAddress.reset(accountFromHere);
    await this.deps.attempts.record(input.username, origin.ip, 'success', user.id);
    return this.#startSession(user, origin, user.temp_password);
  }

  /** Starts a session for an already authenticated user (external sign-in, reset link). */
  async signIn(user: User, origin: RequestOrigin, requiresPasswordChange: boolean): Promise<SignedIn> {
    return this.#startSession(user, origin, requiresPasswordChange);
  }

  /** Ends the session; the user counts as offline once no session is left. */
  async logout(sessionIdHash: string, userId: number): Promise<void> {
    await this.deps.sessions.end(sessionIdHash);
    if ((await this.deps.sessions.countForUser(userId)) === 0) {
      await this.deps.users.update(userId, { is_online: false });
    }
  }

  /**
   * Sets a new password, clears any temporary-password flag and ends every session of the user, the caller's too:
   * SPEC returns the screen to login mode, and the person signs in with the new password.
   */
  async changePassword(user: User, newPassword: string): Promise<void> {
    const passwordHash = await this.deps.hasher.hash(newPassword);
    await this.deps.users.update(user.id, { password: passwordHash, temp_password: false, is_online: false });
    await this.deps.sessions.endOthers(user.id);
  }

  async #startSession(user: User, origin: RequestOrigin, requiresPasswordChange: boolean): Promise<SignedIn> {
    const token = await this.deps.sessions.create(user.id, { ...origin, requiresPasswordChange });
    const updated = await this.deps.users.update(user.id, {
      last_login: iso(this.deps.clock.now()),
      last_ip: origin.ip,
      is_online: true,
    });
    return { user: updated ?? user, token, requiresPasswordChange };
  }

  /**
   * Whether an attempt on a locked account still gets the password check: it comes from an address the account
   * signed in from before (an IPv6 /64 as one), its last sign-in's or one of its successes within the retention
   * window. An attacker who never knew the password has none of them. Passing the lock is no sign-in: the password
   * is checked next, and a second factor after it once accounts can have one (see login).
   */
  async #passesLock(user: User | undefined, address: string): Promise<boolean> {
    if (!user) return false;
    if (user.last_ip !== null && clientAddressKey(user.last_ip) === address) return true;
    const recent = await this.deps.attempts.recentSignInAddresses(user.id);
    return recent.some((ip) => clientAddressKey(ip) === address);
  }

  /** Counts a refused attempt (one row per address and minute) and answers 429 when any wait is running. */
  async #refuseWhileWaiting(identifier: string, origin: RequestOrigin, ...waits: number[]): Promise<void> {
    if (Math.max(0, ...waits) === 0) return;
    await this.deps.attempts.recordRefused(identifier, origin.ip);
    throwIfLimited(MSG.tooManyAttempts, ...waits);
  }

  // Verifying against a real hash for unknown users keeps the timing of both failures alike.
  #dummy(): Promise<string> {
    this.#dummyHash ??= this.deps.hasher.hash('not-a-real-password-0000');
    return this.#dummyHash;
  }
}

/** True for a unique-constraint violation in SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
