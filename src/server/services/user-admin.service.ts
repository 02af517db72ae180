import { randomInt } from 'node:crypto';
import { MSG, USER_ADMIN_MSG } from '#shared/messages';
import { canDeleteUser, canManageUser } from '#shared/permissions';
import type { PatchUserBody } from '#shared/schemas/users-admin';
import type { Mailer } from '../integrations/mail/mailer.ts';
import type { User, UserChanges, UsersRepository } from '../repositories/users.repository.ts';
import { AppError } from './app-error.ts';
import { isUniqueViolation } from './auth.service.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { SessionService } from './session.service.ts';

export interface UserAdminDeps {
  users: UsersRepository;
  sessions: SessionService;
  hasher: PasswordHasher;
  mailer: Mailer;
  siteTitle: () => Promise<string>;
  publicUrl: string;
}

// No 0/O, 1/l/I: a temporary password is read off a screen and typed by hand.
const TEMP_PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 14-character temporary password (about 80 bits) from a CSPRNG. */
export function newTemporaryPassword(): string {
  return Array.from({ length: 14 }, () => TEMP_PASSWORD_ALPHABET[randomInt(TEMP_PASSWORD_ALPHABET.length)]).join('');
}

/** The result of an administrator's password reset. */
export interface AdminReset {
  emailed: boolean;
  tempPassword?: string;
}

/**
 * User management with SPEC section 6's manageability enforced on the server. Superadmin rows keep their
 * approval, NSFW access and role (so the last superadmin can never be demoted), only a superadmin deletes,
 * never a superadmin row; losing approval, a role change, a reset or deletion ends the user's sessions.
 */
export class UserAdminService {
  constructor(private readonly deps: UserAdminDeps) {}

  list(): Promise<User[]> {
    return this.deps.users.list();
  }

  async update(actor: User, pathId: number, input: PatchUserBody): Promise<User> {
    if (input.id !== pathId) throw new AppError('bad_request', USER_ADMIN_MSG.idMismatch);
    const target = await this.#manageable(actor, pathId);
    const touchesControls =
      input.approved !== undefined || input.can_view_nsfw !== undefined || input.role !== undefined;
    if (target.role === 'superadmin' && touchesControls)
      throw new AppError('forbidden', USER_ADMIN_MSG.superadminControls);

    const changes: UserChanges = {};
    if (input.email !== undefined) changes.email = input.email;
    if (input.can_view_nsfw !== undefined) changes.can_view_nsfw = input.can_view_nsfw;
    if (input.role !== undefined) changes.role = input.role;
    if (input.approved !== undefined) changes.approved = input.approved;
    // Keep role and approval consistent: the pending role means "not approved", approving lifts it to user.
    if (changes.role === 'pending') changes.approved = false;
    else if (changes.approved === true && (changes.role ?? target.role) === 'pending') changes.role = 'user';

    let updated: User | undefined;
    try {
      updated = await this.deps.users.update(target.id, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', MSG.emailTaken);
      throw error;
    }
    if (!updated) throw new AppError('not_found', USER_ADMIN_MSG.notFound);
    const lostApproval = target.approved && !updated.approved;
    // Approval lifts a pending role to user without ending the session: SPEC wants the approved user to reach
    // the dashboard on their next request. An explicit role change does end it.
    const roleChanged = input.role !== undefined && target.role !== updated.role;
    if (lostApproval || roleChanged) await this.deps.sessions.endOthers(target.id);
    return updated;
  }

  async delete(actor: User, id: number): Promise<void> {
    if (actor.role !== 'superadmin') throw new AppError('forbidden', USER_ADMIN_MSG.onlySuperadminDeletes);
    const target = await this.deps.users.findById(id);
    if (!target) throw new AppError('not_found', USER_ADMIN_MSG.notFound);
    if (!canDeleteUser(actor, target)) throw new AppError('forbidden', USER_ADMIN_MSG.cannotDeleteSuperadmin);
    await this.deps.sessions.endOthers(target.id);
    await this.deps.users.delete(target.id);
  }

  /**
   * Sets a temporary password (the next sign-in must change it) and ends the user's sessions. It is e-mailed
   * when mail is configured and the user has an address; otherwise it is returned once for the admin to pass on.
   */
  async resetPassword(actor: User, userId: number): Promise<AdminReset> {
    const target = await this.#manageable(actor, userId);
    const tempPassword = newTemporaryPassword();
    const passwordHash = await this.deps.hasher.hash(tempPassword);
    await this.deps.users.update(target.id, { password: passwordHash, temp_password: true });
    await this.deps.sessions.endOthers(target.id);
    if (this.deps.mailer.isConfigured && target.email) {
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
