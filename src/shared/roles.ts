/** Roles of SPEC section 6 and the subsets used by the API. */
export const ROLES = ['superadmin', 'admin', 'user', 'pending'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an administrator may assign (SPEC section 4); superadmin is never assignable. */
export const ASSIGNABLE_ROLES = ['admin', 'user', 'pending'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
