import type { Role } from './roles.ts';

/** The fields of a user that permission rules read. */
export interface PermissionSubject {
  id: number;
  role: Role;
  approved: boolean;
  can_view_nsfw?: boolean;
}

/** Admin and superadmin share the administrators' capabilities of SPEC section 6. */
export function isAdminRole(role: Role): boolean {
  return role === 'admin' || role === 'superadmin';
}

/** An account reaches the dashboard only when approved and no longer in the pending role. */
export function isApproved(user: Pick<PermissionSubject, 'role' | 'approved'>): boolean {
  return user.approved && user.role !== 'pending';
}

/** SPEC section 6: admins see every NSFW service, users only with can_view_nsfw. */
export function canSeeNsfw(user: PermissionSubject): boolean {
  if (!isApproved(user)) return false;
  return isAdminRole(user.role) || user.can_view_nsfw === true;
}

/**
 * SPEC section 6 manageability: a superadmin manages everyone but other superadmins (itself included);
 * an admin manages itself, users and pending accounts; nobody else manages anyone.
 */
export function canManageUser(
  actor: Pick<PermissionSubject, 'id' | 'role'>,
  target: Pick<PermissionSubject, 'id' | 'role'>,
): boolean {
  const isSelf = actor.id === target.id;
  switch (actor.role) {
    case 'superadmin':
      return target.role !== 'superadmin' || isSelf;
    case 'admin':
      if (target.role === 'superadmin') return false;
      if (target.role === 'admin') return isSelf;
      return true;
    case 'user':
    case 'pending':
      return false;
  }
}

/** Only a superadmin deletes users, and never a superadmin row. */
export function canDeleteUser(
  actor: Pick<PermissionSubject, 'role'>,
  target: Pick<PermissionSubject, 'role'>,
): boolean {
  return actor.role === 'superadmin' && target.role !== 'superadmin';
}
