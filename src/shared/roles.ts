/** Roles of SPEC section 6 and the subsets used by the API. */
export const ROLES = ['superadmin', 'admin', 'user', 'pending'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an administrator may assign (SPEC section 4); superadmin is never assignable. */
export const ASSIGNABLE_ROLES = ['admin', 'user', 'pending'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** SPEC's labels for the roles (role selectors show Admin, User, Pending). */
export const ROLE_LABELS: Record<Role, string> = {
  superadmin: 'Superadmin',
  admin: 'Admin',
  user: 'User',
  pending: 'Pending',
};

/** Narrows a select's string value to an assignable role. */
export function isAssignableRole(value: string): value is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(value);
}
