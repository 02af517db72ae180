import { MSG } from '#shared/messages';
import { isApproved } from '#shared/permissions';
import { MAX_USERNAME_LENGTH } from '#shared/constants';
import { truncateText } from '#shared/text';
import type { IdTokenVerifier } from '../integrations/oidc/id-token.verifier.ts';
import type { User, UsersRepository } from '../repositories/users.repository.ts';
import { AppError } from './app-error.ts';
import type { AuthService, RequestOrigin, SignedIn } from './auth.service.ts';
import type { LoginAttemptService } from './login-attempt.service.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { newToken } from './secret-tokens.ts';

export interface GoogleAuthDeps {
  verifier: IdTokenVerifier;
  users: UsersRepository;
  auth: AuthService;
  attempts: LoginAttemptService;
  hasher: PasswordHasher;
}

/**
 * Sign-in with a Google (OIDC) ID token. A known subject signs in; a verified e-mail that matches an
 * account links it; otherwise a new account is made under the registration rules. Accounts that still
 * need approval get 403 with `requiresApproval` and no session.
 */
export class GoogleAuthService {
  constructor(private readonly deps: GoogleAuthDeps) {}

  async signIn(token: string, origin: RequestOrigin): Promise<SignedIn> {
    const { verifier, users, attempts } = this.deps;
    if (!verifier.isConfigured) throw new AppError('bad_request', MSG.googleNotConfigured);
    const identity = await verifier.verify(token).catch(async () => {
      await attempts.record('google', origin.ip, 'failure');
      throw new AppError('unauthenticated', MSG.googleTokenInvalid);
    });
    if (!identity.emailVerified) {
      await attempts.record(identity.email, origin.ip, 'failure');
      throw new AppError('forbidden', MSG.googleEmailUnverified);
    }
    let user = await users.findByGoogleSub(identity.subject);
    let isNew = false;
    if (!user) {
      const byEmail = await users.findByEmail(identity.email);
      if (byEmail) {
        user = (await users.update(byEmail.id, { google_sub: identity.subject })) ?? byEmail;
      } else {
        user = await this.#createAccount(identity.email, identity.subject);
        isNew = true;
      }
    }
    if (!user.enabled) {
      await attempts.record(identity.email, origin.ip, 'disabled');
      throw new AppError('forbidden', MSG.accountDisabled);
    }
    if (!isApproved(user)) {
      await attempts.record(identity.email, origin.ip, 'pending_approval');
      throw new AppError('forbidden', isNew ? MSG.accountNeedsApproval : MSG.notApproved, { requiresApproval: true });
    }
    await attempts.record(identity.email, origin.ip, 'success', user.id);
    return this.deps.auth.signIn(user, origin, false);
  }

  async #createAccount(email: string, subject: string): Promise<User> {
    // No password sign-in for these accounts until the owner sets one through a reset: a random, unknown password.
    const passwordHash = await this.deps.hasher.hash(newToken());
    const base = usernameFromEmail(email);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const username = attempt === 0 ? base : `${truncateText(base, MAX_USERNAME_LENGTH - 4)}${attempt + 1}`;
      try {
        return await this.deps.auth.createAccount({ username, email, passwordHash, googleSub: subject });
      } catch (error) {
        if (!(error instanceof AppError && error.message === MSG.usernameTaken)) throw error;
      }
    }
    throw new AppError('conflict', MSG.usernameTaken);
  }
}

/** The local part of an address, reduced to characters a username may hold. */
export function usernameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  // Cut without splitting a surrogate pair: a lone half of an astral letter is not storable text.
  const cleaned = truncateText(local.replace(/[^\p{L}\p{N}._-]/gu, ''), MAX_USERNAME_LENGTH - 4);
  return cleaned.length > 0 ? cleaned : 'user';
}
