import { z } from 'zod';
import { ASSIGNABLE_ROLES } from '../roles.ts';

/** What anyone, signed in or not, may read: what the sign-in page and the frame need. */
export const publicSettingsWire = z.object({
  site_title: z.string(),
  font_family: z.string(),
  logo_url: z.string().nullable(),
  logo_url_large: z.string().nullable(),
  favicon_url: z.string().nullable(),
  favicon_label: z.string().nullable(),
  login_description: z.string(),
  discord_url: z.string().nullable(),
  onlineColor: z.string(),
  offlineColor: z.string(),
  /** OAuth client id for the Google sign-in popup; null when Google sign-in is not configured. */
  google_client_id: z.string().nullable(),
  /** Authorization endpoint the popup opens (Google's unless configured otherwise). */
  google_auth_url: z.string(),
});
export type PublicSettingsWire = z.infer<typeof publicSettingsWire>;

/** The display flags a signed-in user reads; admins also get the admin_ variants. */
export const displayFlagsWire = z.object({
  show_refresh_interval: z.boolean(),
  show_last_checked: z.boolean(),
  show_service_url: z.boolean(),
  show_status_badge: z.boolean(),
  show_uptime_log: z.boolean(),
});

/** GET /api/settings for a signed-in, approved caller. */
export const settingsWire = publicSettingsWire.extend({
  id: z.number(),
  /** Administrators only. */
  default_role: z.enum(ASSIGNABLE_ROLES).optional(),
  ...displayFlagsWire.shape,
  admin_show_refresh_interval: z.boolean().optional(),
  admin_show_last_checked: z.boolean().optional(),
  admin_show_service_url: z.boolean().optional(),
  admin_show_status_badge: z.boolean().optional(),
  admin_show_uptime_log: z.boolean().optional(),
  tracking_code: z.string().nullable().optional(),
});
export type SettingsWire = z.infer<typeof settingsWire>;

/** PATCH /api/settings as the dashboard sends it (SPEC section 7). */
export const patchSettingsBody = z.strictObject({
  defaultRole: z.enum(ASSIGNABLE_ROLES, { error: 'defaultRole must be admin, user or pending' }),
});
export type PatchSettingsBody = z.infer<typeof patchSettingsBody>;
