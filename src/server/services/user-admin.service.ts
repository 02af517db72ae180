import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MSG, USER_ADMIN_MSG } from '#shared/messages';
import { canDeleteUser, canManageUser } from '#shared/permissions';
import type { ImpliedUserChange, PatchUserBody } from '#shared/schemas/users-admin';
import type { Mailer } from '../integrations/mail/mailer.ts';
import type { MailSettingsService } from '../notifications/mail-settings.service.ts';
import type { User, UserChanges, UsersRepository } from '../repositories/users.repository.ts';
import { holdsKeys, type ApiKeyService } from './api-key.service.ts';
import { AppError } from './app-error.ts';
import { isUniqueViolation } from './auth.service.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { ActiveSession, SessionService } from './session.service.ts';

export interface UserAdminDeps {
  users: UsersRepository;
  sessions: SessionService;
  hasher: PasswordHasher;
  mailer: Mailer;
  siteTitle: () => Promise<string>;
  publicUrl: string;
  /** Revokes the keys of an account that stops being an administrator. */
  apiKeys: Pick<ApiKeyService, 'revokeAllOf'>;
  /** Whether a recent change of the mail route holds back e-mailing a temporary password. */
  mailRoute: Pick<MailSettingsService, 'resetMailHold'>;
  /** Says why a temporary password was not e-mailed. */
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Told when a user's role, approval or NSFW access changed, or the user was deleted (their live streams end). */
  onRightsChanged: (userId: number) => void;
}

// No 0/O, 1/l/I: a temporary password is read off a screen and typed by hand.
const TEMP_PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 14-character temporary password (about 80 bits) from a CSPRNG. */
export function newTemporaryPassword(): string {
  return Array.from({ length: 14 }, () => TEMP_PASSWORD_ALPHABET[randomInt(TEMP_PASSWORD_ALPHABET.length)]).join('');
}

/** What an administrator's change did besides what was asked, and whether it signed the user out. */
export interface UserUpdate {
  user: User;
  implied: ImpliedUserChange[];
  signedOut: boolean;
}

/** The result of an administrator's password reset. */
export interface AdminReset {
  emailed: boolean;
  tempPassword?: string;
}

/**
 * User management with SPEC section 6's manageability enforced on the server. Superadmin rows keep their
 * approval, NSFW access and role (so the last superadmin can never be demoted), only a superadmin deletes,
 * never a superadmin row; losing approval, a role change (but not an approval), a reset or deletion ends the
 * user's sessions. An account that stops being an enabled, approved administrator loses its API keys for good.
 */
export class UserAdminService {
  constructor(private readonly deps: UserAdminDeps) {}

  list(): Promise<User[]> {
    return this.deps.users.list();
  }

  /**
   * Applies an administrator's change with role and approval kept coherent (docs/decisions/0002): the pending role
   * means "not approved", so choosing Pending removes approval, giving a pending account another role approves it,
   * and enabling an account still in the pending role makes it a user. A role change or a loss of approval signs
   * the user out, except that approving a pending account only grants access; the acting session survives a change
   * to the actor's own row, so an admin who demotes themselves lands on the page their new role allows.
   */
  async update(actor: ActiveSession, pathId: number, input: PatchUserBody): Promise<UserUpdate> {
    if (input.id !== pathId) throw new AppError('bad_request', USER_ADMIN_MSG.idMismatch);
    const target = await this.#manageable(actor.user, pathId);
    const touchesControls =
      input.approved !== undefined || input.can_view_nsfw !== undefined || input.role !== undefined;
    if (target.role === 'superadmin' && touchesControls)
      throw new AppError('forbidden', USER_ADMIN_MSG.superadminControls);
    if (input.role === 'pending' && input.approved === true)
      throw new AppError('bad_request', USER_ADMIN_MSG.pendingCannotBeApproved);

    const changes: UserChanges = {};
    if (input.email !== undefined) changes.email = input.email;
    if (input.can_view_nsfw !== undefined) changes.can_view_nsfw = input.can_view_nsfw;
    if (input.role !== undefined) changes.role = input.role;
    if (input.approved !== undefined) changes.approved = input.approved;
    if (changes.role === 'pending') changes.approved = false;
    else if (changes.role !== undefined && target.role === 'pending' && changes.approved === undefined)
      changes.approved = true;
    else if (changes.approved === true && (changes.role ?? target.role) === 'pending') changes.role = 'user';

    let updated: User | undefined;
    try {
      updated = await this.deps.users.update(target.id, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', MSG.emailTaken);
      throw error;
    }
    if (!updated) throw new AppError('not_found', USER_ADMIN_MSG.notFound);

    const implied: ImpliedUserChange[] = [];
    if (input.approved === undefined && updated.approved !== target.approved)
      implied.push(updated.approved ? 'approved' : 'unapproved');
    if (input.role === undefined && updated.role === 'user' && target.role === 'pending') implied.push('role_user');

    const lostApproval = target.approved && !updated.approved;
    // Approving a pending account (through either control) changes its role but only grants access: ending its
    // session would throw the waiting user back to the sign-in form instead of onto the dashboard.
    const isApproval = target.role === 'pending' && updated.approved;
    const roleChanged = target.role !== updated.role && !isApproval;
    const signedOut = lostApproval || roleChanged;
    if (signedOut) {
      const isSelf = actor.user.id === target.id;
      await this.deps.sessions.endOthers(target.id, isSelf ? actor.idHash : undefined);
    }
    // Revoked, not only dormant: a re-promotion grants keys anew, it does not bring back those of the old grant.
    if (!holdsKeys(updated)) await this.deps.apiKeys.revokeAllOf(updated.id);
    if (
      updated.role !== target.role ||
      updated.approved !== target.approved ||
      updated.can_view_nsfw !== target.can_view_nsfw
    ) {
      this.deps.onRightsChanged(updated.id);
    }
    return { user: updated, implied, signedOut };
  }

  async delete(actor: User, id: number): Promise<void> {
    if (actor.role !== 'superadmin') throw new AppError('forbidden', USER_ADMIN_MSG.onlySuperadminDeletes);
    const target = await this.deps.users.findById(id);
    if (!target) throw new AppError('not_found', USER_ADMIN_MSG.notFound);
    if (!canDeleteUser(actor, target)) throw new AppError('forbidden', USER_ADMIN_MSG.cannotDeleteSuperadmin);
    await this.deps.sessions.endOthers(target.id);
    await this.deps.apiKeys.revokeAllOf(target.id);
    await this.deps.users.delete(target.id);
    this.deps.onRightsChanged(target.id);
  }

  /**
   * Sets a temporary password (the next sign-in must change it) and ends the user's sessions. It is e-mailed
   * when mail is configured and the user has an address; otherwise it is returned once for the admin to pass on.
   * A mail route changed in the last day by another account than the user's is treated as no mail: whoever
   * chose it would receive the password (issue 26).
   */
  async resetPassword(actor: User, userId: number): Promise<AdminReset> {
    const target = await this.#manageable(actor, userId);
    const tempPassword = newTemporaryPassword();
    const passwordHash = await this.deps.hasher.hash(tempPassword);
    await this.deps.users.update(target.id, { password: passwordHash, temp_password: true });
    await this.deps.sessions.endOthers(target.id);
    if (this.deps.mailer.isConfigured && target.email && (await this.#mailRouteTrusted(target.id))) {
      try {
        await this.#mailTemporaryPassword(target, tempPassword);
        return { emailed: true };
      } catch {
        // Mail failed: fall back to showing it once rather than leaving the user locked out.
        return { emailed: false, tempPassword };
      }
    }
    return { emailed: false, tempPassword };
  }

  async #mailRouteTrusted(userId: number): Promise<boolean> {
    const hold = await this.deps.mailRoute.resetMailHold(userId);
    if (!hold) return true;
    this.deps.log.warn(
      { userId, mailRouteChangedBy: hold.changedBy, mailRouteChangedAt: hold.changedAt },
      'temporary password not e-mailed: another account changed the mail route in the last 24 hours',
    );
    return false;
  }

  async #manageable(actor: User, id: number): Promise<User> {
    const target = await this.deps.users.findById(id);
    if (!target) throw new AppError('not_found', USER_ADMIN_MSG.notFound);
    if (!canManageUser(actor, target)) throw new AppError('forbidden', USER_ADMIN_MSG.cannotManage);
    return target;
  }

  async #mailTemporaryPassword(user: User, tempPassword: string): Promise<void> {
    const title = await this.deps.siteTitle();
    await this.deps.mailer.send({
      to: user.email ?? '',
      subject: `${title}: your temporary password`,
      text: [
        `Hello ${user.username},`,
        '',
        `An administrator reset the password of your ${title} account.`,
        `Sign in at ${this.deps.publicUrl}/auth with this temporary password; you will be asked to choose a new one:`,
        '',
        tempPassword,
      ].join('\n'),
    });
  }
}
