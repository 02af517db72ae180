import { z } from 'zod';
import { ASSIGNABLE_ROLES } from '../roles.ts';
import { emailField, idField } from './fields.ts';
import { userWire } from './user.ts';

/** A row of the User Management page (SPEC section 2): the user's fields minus per-session and display state. */
export const adminUserWire = userWire.pick({
  id: true,
  username: true,
  email: true,
  role: true,
  enabled: true,
  approved: true,
  can_view_nsfw: true,
  is_online: true,
  last_login: true,
  last_ip: true,
  temp_password: true,
});
export type AdminUserWire = z.infer<typeof adminUserWire>;

/** PATCH /api/users/{id}: the numeric id plus any of email, approved, can_view_nsfw, role (SPEC section 7). */
export const patchUserBody = z.strictObject({
  id: idField,
  email: z.union([z.literal('').transform(() => null), z.null(), emailField]).optional(),
  approved: z.boolean().optional(),
  can_view_nsfw: z.boolean().optional(),
  role: z.enum(ASSIGNABLE_ROLES, { error: 'role must be admin, user or pending' }).optional(),
});
export type PatchUserBody = z.infer<typeof patchUserBody>;

/**
 * What the server changed besides what was asked, to keep role and approval coherent (decision 0002):
 * 'approved' (a role given to a pending account), 'unapproved' (the Pending role), 'role_user' (a pending
 * account enabled).
 */
export const IMPLIED_USER_CHANGES = ['approved', 'unapproved', 'role_user'] as const;
export type ImpliedUserChange = (typeof IMPLIED_USER_CHANGES)[number];

/** The answer of PATCH /api/users/{id}: the updated row, what followed from the rule, and whether it signed out. */
export const adminUserUpdateWire = adminUserWire.extend({
  implied: z.array(z.enum(IMPLIED_USER_CHANGES)),
  /** The user's sessions ended (a role change or a loss of approval); the actor keeps the session they act from. */
  signed_out: z.boolean(),
});
export type AdminUserUpdateWire = z.infer<typeof adminUserUpdateWire>;

/** POST /api/admin/reset-user-password. */
export const resetUserPasswordBody = z.strictObject({ userId: idField });

/** The answer of an admin reset: `tempPassword` only when it could not be e-mailed. */
export const resetUserPasswordWire = z.object({ message: z.string(), tempPassword: z.string().optional() });
export type ResetUserPasswordWire = z.infer<typeof resetUserPasswordWire>;

/** One sign-in attempt of the Login Attempts dialog (SPEC section 3). */
export const loginAttemptWire = z.object({
  id: z.number(),
  identifier: z.string(),
  ip: z.string(),
  timestamp: z.string(),
  type: z.string(),
  isp: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  /**
   * On an entry of attempts refused by a limit (type 'rate_limited'): how many, from that address within one
   * minute. The server stores a refused burst as one entry; absent on every other entry.
   */
  count: z.number().int().min(1).optional(),
});
export type LoginAttemptWire = z.infer<typeof loginAttemptWire>;
