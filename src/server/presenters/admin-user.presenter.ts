import { adminUserWire, type AdminUserUpdateWire, type AdminUserWire } from '#shared/schemas/users-admin';
import type { User } from '../repositories/users.repository.ts';
import type { UserUpdate } from '../services/user-admin.service.ts';
import { presentUser } from './user.presenter.ts';

/** A user row for administrators: the user's own presentation narrowed to the row's fields (zod drops the rest). */
export function presentAdminUser(user: User): AdminUserWire {
  return adminUserWire.parse(presentUser(user));
}

/** The answer of an administrator's change: the row plus the changes the role/approval rule implied. */
export function presentAdminUserUpdate(update: UserUpdate): AdminUserUpdateWire {
  return { ...presentAdminUser(update.user), implied: update.implied, signed_out: update.signedOut };
}
