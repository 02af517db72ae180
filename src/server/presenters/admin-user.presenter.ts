import { adminUserWire, type AdminUserWire } from '#shared/schemas/users-admin';
import type { User } from '../repositories/users.repository.ts';
import { presentUser } from './user.presenter.ts';

/** A user row for administrators: the user's own presentation narrowed to the row's fields (zod drops the rest). */
export function presentAdminUser(user: User): AdminUserWire {
  return adminUserWire.parse(presentUser(user));
}
