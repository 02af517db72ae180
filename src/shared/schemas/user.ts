import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { idField } from './fields.ts';
import { OWN_DISPLAY_FLAGS } from '../display-flags.ts';

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
  /** The user chose the four show_* flags above; until then the site's flags (admins: admin_ ones) apply. */
  display_flags_set: z.boolean(),
  service_order: z.array(z.number()),
  is_online: z.boolean(),
  last_login: z.string().nullable(),
  last_ip: z.string().nullable(),
  temp_password: z.boolean(),
  requires_password_change: z.boolean(),
});
export type UserWire = z.infer<typeof userWire>;

// Defined beside the flag rules, which the dashboard's first download needs without zod (issue 14).
export { OWN_DISPLAY_FLAGS, type OwnDisplayFlag } from '../display-flags.ts';

/**
 * PATCH /api/user: a user may change only their own service order and display flags; any other key (role,
 * approved, ...) is refused, so mass assignment is impossible. `display_flags_set: false` hands the flags back
 * to the site's.
 */
export const patchOwnUserBody = z
  .strictObject({
    service_order: z.array(idField).max(10_000, 'service_order is too long').optional(),
    show_uptime_log: z.boolean().optional(),
    show_service_url: z.boolean().optional(),
    show_refresh_interval: z.boolean().optional(),
    show_last_checked: z.boolean().optional(),
    display_flags_set: z.literal(false, { error: 'display_flags_set can only be set to false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Nothing to change',
  })
  .refine((body) => !(body.display_flags_set === false && OWN_DISPLAY_FLAGS.some((flag) => body[flag] !== undefined)), {
    error: 'Choose display flags or the site defaults, not both',
  });
export type PatchOwnUserBody = z.infer<typeof patchOwnUserBody>;
