import { MEDIA_BACKEND_CHOICES } from './media.ts';
import { z } from 'zod';
import { ASSIGNABLE_ROLES } from '../roles.ts';
import { HOST_NAME_PATTERN } from './fields.ts';
import { httpUrlField, imageRefField } from './service.ts';
import { isAllowedTrackingCode } from '../tracking-code.ts';

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
  /** Analytics snippet for every page (only https script tags; docs/decisions/0003-tracking-code.md). */
  tracking_code: z.string().nullable(),
  /** Whether self-registration is open (the superadmin's switch); the Register mode explains when it is not. */
  registration_open: z.boolean(),
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
  /**
   * The default e-mail template's id (null if there is none): the Notification Preferences dialog sends test
   * notifications with it (POST /api/test-notification), since only administrators may list the templates.
   */
  default_template_id: z.number().nullable(),
  /** The host of the game servers' copy-address: the Settings value, else GAME_HOST; null when neither is set. */
  game_host: z.string().nullable(),
  admin_show_refresh_interval: z.boolean().optional(),
  admin_show_last_checked: z.boolean().optional(),
  admin_show_service_url: z.boolean().optional(),
  admin_show_status_badge: z.boolean().optional(),
  admin_show_uptime_log: z.boolean().optional(),
  /** Administrators only: may the monitor check cloud metadata addresses (docs/decisions/0004). */
  allow_metadata_targets: z.boolean().optional(),
  /** Administrators only: the active media back end (auto: Plex when configured, else Jellyfin). */
  media_backend: z.enum(MEDIA_BACKEND_CHOICES).optional(),
});
export type SettingsWire = z.infer<typeof settingsWire>;

/** Texts of the site settings contract that are ours (SPEC has none for them). */
export const SETTINGS_MSG = {
  gameHostInvalid: 'Game host must be a host name or an IP address',
  /** The role of new accounts and whether anyone may sign up are account matters: keys never act on accounts. */
  rolePolicyNotForKeys: 'The default role and the registration switch cannot be changed with an API key',
} as const;

const colorField = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colours must look like #22c55e');
const optionalUrl = imageRefField.optional();
const shortText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

// Plain functions in their own file, so the browser's first download needs no zod (issue 14).
export { isAllowedTrackingCode, trackingScriptSources } from '../tracking-code.ts';

/**
 * PATCH /api/settings. The dashboard sends `defaultRole` (SPEC section 7); the Settings page sends any of
 * the entity's fields. Everything is optional; unknown keys are refused.
 */
export const patchSettingsBody = z.strictObject({
  defaultRole: z.enum(ASSIGNABLE_ROLES, { error: 'defaultRole must be admin, user or pending' }).optional(),
  site_title: shortText('Site title', 100).min(1, 'Site title is required').optional(),
  font_family: z
    .string()
    .trim()
    .regex(/^[\p{L}\p{N} ,'"-]{1,100}$/u, 'Font family may contain letters, digits, spaces, quotes, commas and dashes')
    .optional(),
  logo_url: optionalUrl,
  logo_url_large: optionalUrl,
  favicon_url: optionalUrl,
  favicon_label: shortText('Favicon label', 100).nullable().optional(),
  tracking_code: z
    .string()
    .max(4000, 'Tracking code must be at most 4000 characters')
    .refine(isAllowedTrackingCode, 'Tracking code may only contain <script src="https://..."></script> tags')
    .nullable()
    .optional(),
  login_description: shortText('Login description', 500).optional(),
  online_color: colorField.optional(),
  offline_color: colorField.optional(),
  discord_url: httpUrlField
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  show_refresh_interval: z.boolean().optional(),
  show_last_checked: z.boolean().optional(),
  show_service_url: z.boolean().optional(),
  show_status_badge: z.boolean().optional(),
  show_uptime_log: z.boolean().optional(),
  admin_show_refresh_interval: z.boolean().optional(),
  admin_show_last_checked: z.boolean().optional(),
  admin_show_service_url: z.boolean().optional(),
  admin_show_status_badge: z.boolean().optional(),
  admin_show_uptime_log: z.boolean().optional(),
  /** Superadmin only. */
  registration_open: z.boolean().optional(),
  allow_metadata_targets: z.boolean().optional(),
  media_backend: z.enum(MEDIA_BACKEND_CHOICES, { error: 'media_backend must be auto, plex or jellyfin' }).optional(),
  /** Empty or null: GAME_HOST applies again. */
  game_host: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z
        .string({ error: SETTINGS_MSG.gameHostInvalid })
        .trim()
        .max(253, SETTINGS_MSG.gameHostInvalid)
        .regex(HOST_NAME_PATTERN, SETTINGS_MSG.gameHostInvalid)
        .nullable(),
    )
    .optional(),
});
export type PatchSettingsBody = z.infer<typeof patchSettingsBody>;
