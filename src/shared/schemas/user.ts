import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { idField } from './fields.ts';

/** The current user as the API presents it (SPEC section 3, never the password or reset token). */
export const userWire = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  enabled: z.boolean(),
  approved: z.boolean(),
  can_view_nsfw: z.boolean(),
  show_uptime_log: z.boolean(),
  show_service_url: z.boolean(),
  show_refresh_interval: z.boolean(),
  show_last_checked: z.boolean(),
  service_order: z.array(z.number()),
  is_online: z.boolean(),
  last_login: z.string().nullable(),
  last_ip: z.string().nullable(),
  temp_password: z.boolean(),
  requires_password_change: z.boolean(),
});
export type UserWire = z.infer<typeof userWire>;

/** PATCH /api/user: a user may change only their own service order; any other key is refused. */
export const patchOwnUserBody = z.strictObject({
  service_order: z.array(idField).max(10_000, 'service_order is too long'),
});
export type PatchOwnUserBody = z.infer<typeof patchOwnUserBody>;
