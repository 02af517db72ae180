import { DEFAULT_NEW_USER_ROLE, DEFAULT_OFFLINE_COLOR, DEFAULT_ONLINE_COLOR } from '#shared/constants';
import { z } from 'zod';
import { patchSettingsBody, type PatchSettingsBody } from '#shared/schemas/settings';
import type { SiteSettings } from '../../api/session.queries';

/** The five display flags, in the order the Display section lists them. */
export const DISPLAY_FLAGS = [
  { key: 'refresh_interval', label: 'Refresh interval', hint: 'How often a service is checked' },
  { key: 'last_checked', label: 'Last checked', hint: 'Time of the latest check' },
  { key: 'service_url', label: 'Service URL', hint: 'The address a card links to' },
  { key: 'status_badge', label: 'Status badge', hint: 'Online / offline badge on cards' },
  { key: 'uptime_log', label: 'Uptime log', hint: 'Recent checks and uptime percentages' },
] as const;

type FlagKey = (typeof DISPLAY_FLAGS)[number]['key'];
type UserFlag = `show_${FlagKey}`;
type AdminFlag = `admin_show_${FlagKey}`;

const contract = patchSettingsBody.shape;

/**
 * The form's validation: every field runs the contract's own rules (unwrapped from optional and nullable,
 * since inputs always hold a string), so each message matches what PATCH would answer.
 */
export const settingsFormSchema = z.object({
  site_title: contract.site_title.unwrap(),
  login_description: contract.login_description.unwrap(),
  font_family: contract.font_family.unwrap(),
  logo_url: contract.logo_url.unwrap().unwrap(),
  logo_url_large: contract.logo_url_large.unwrap().unwrap(),
  favicon_url: contract.favicon_url.unwrap().unwrap(),
  favicon_label: contract.favicon_label.unwrap().unwrap(),
  online_color: contract.online_color.unwrap(),
  offline_color: contract.offline_color.unwrap(),
  discord_url: z.union([contract.discord_url.options[0].unwrap().unwrap(), z.literal('')]),
  tracking_code: contract.tracking_code.unwrap().unwrap(),
  defaultRole: contract.defaultRole.unwrap(),
  show_refresh_interval: z.boolean(),
  show_last_checked: z.boolean(),
  show_service_url: z.boolean(),
  show_status_badge: z.boolean(),
  show_uptime_log: z.boolean(),
  admin_show_refresh_interval: z.boolean(),
  admin_show_last_checked: z.boolean(),
  admin_show_service_url: z.boolean(),
  admin_show_status_badge: z.boolean(),
  admin_show_uptime_log: z.boolean(),
  allow_metadata_targets: z.boolean(),
  // Empty is allowed here (it means "use GAME_HOST"); anything else must pass the contract's rule.
  game_host: z.string().superRefine((value, context) => {
    const parsed = contract.game_host.safeParse(value);
    if (!parsed.success) context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
  }),
});

/** Everything the Settings page edits, as the inputs hold it (text fields are never null here). */
export type SettingsFormValues = z.input<typeof settingsFormSchema>;

function flagValues(settings: SiteSettings): Record<UserFlag | AdminFlag, boolean> {
  // SPEC defaults: every flag on except the uptime log; the admin_ variants share them.
  const fallback = (key: FlagKey) => key !== 'uptime_log';
  const values = {} as Record<UserFlag | AdminFlag, boolean>;
  for (const { key } of DISPLAY_FLAGS) {
    values[`show_${key}`] = settings[`show_${key}`] ?? fallback(key);
    values[`admin_show_${key}`] = settings[`admin_show_${key}`] ?? fallback(key);
  }
  return values;
}

/** The form's starting values from GET /api/settings (as an administrator reads it). */
export function toFormValues(settings: SiteSettings): SettingsFormValues {
  return {
    site_title: settings.site_title,
    login_description: settings.login_description,
    font_family: settings.font_family,
    logo_url: settings.logo_url ?? '',
    logo_url_large: settings.logo_url_large ?? '',
    favicon_url: settings.favicon_url ?? '',
    favicon_label: settings.favicon_label ?? '',
    online_color: settings.onlineColor || DEFAULT_ONLINE_COLOR,
    offline_color: settings.offlineColor || DEFAULT_OFFLINE_COLOR,
    discord_url: settings.discord_url ?? '',
    tracking_code: settings.tracking_code ?? '',
    defaultRole: settings.default_role ?? DEFAULT_NEW_USER_ROLE,
    ...flagValues(settings),
    allow_metadata_targets: settings.allow_metadata_targets ?? false,
    game_host: settings.game_host ?? '',
  };
}

// Text fields whose blank value means "none": sent as null so the server stores no empty snippet or label.
const BLANK_IS_NULL = new Set<keyof SettingsFormValues>(['tracking_code', 'favicon_label', 'game_host']);

/**
 * The PATCH body for the fields the admin changed: picks the dirty keys from the raw values and parses them
 * with the contract (trimming, '' to null for images and links), so only what changed is sent.
 */
export function buildSettingsPatch(
  values: SettingsFormValues,
  dirty: Partial<Record<keyof SettingsFormValues, unknown>>,
): PatchSettingsBody {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof SettingsFormValues)[]) {
    if (!dirty[key]) continue;
    const value = values[key];
    changed[key] = BLANK_IS_NULL.has(key) && typeof value === 'string' && value.trim() === '' ? null : value;
  }
  return patchSettingsBody.parse(changed);
}
