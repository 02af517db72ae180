import { z } from 'zod';
import { ASSIGNABLE_ROLES, ROLES } from '../roles.ts';
import { emailField, idField } from './fields.ts';

/** A row of the User Management page (SPEC section 2): never the password, reset token or sessions. */
export const adminUserWire = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  enabled: z.boolean(),
  approved: z.boolean(),
  can_view_nsfw: z.boolean(),
  is_online: z.boolean(),
  last_login: z.string().nullable(),
  last_ip: z.string().nullable(),
  temp_password: z.boolean(),
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
});
export type LoginAttemptWire = z.infer<typeof loginAttemptWire>;
