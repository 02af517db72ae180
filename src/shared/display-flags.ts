import { isAdminRole } from './permissions.ts';
import type { Role } from './roles.ts';

/** The four card flags each user may choose for themselves (SPEC section 3's users.show_*). */
export const OWN_DISPLAY_FLAGS = [
  'show_uptime_log',
  'show_service_url',
  'show_refresh_interval',
  'show_last_checked',
] as const;
export type OwnDisplayFlag = (typeof OWN_DISPLAY_FLAGS)[number];

/** The four card flags a user may own (users.show_*), by their SPEC names. */
export type OwnDisplayFlags = Record<OwnDisplayFlag, boolean>;

/** SPEC section 3's defaults of the four flags, used until the settings arrive. */
export const OWN_DISPLAY_FLAG_DEFAULTS: OwnDisplayFlags = {
  show_uptime_log: false,
  show_service_url: true,
  show_refresh_interval: true,
  show_last_checked: true,
};

/** The site's flags as a viewer may hold them: admin_ variants only reach administrators. */
export type SiteDisplayFlags = Partial<Record<OwnDisplayFlag | `admin_${OwnDisplayFlag}`, boolean>>;

/** The user's fields the rule reads. */
export interface DisplayFlagOwner extends OwnDisplayFlags {
  role: Role;
  display_flags_set: boolean;
}

/** What the site shows a viewer who has not chosen: admins the admin_ variants, users the show_* flags. */
export function siteFlagsFor(settings: SiteDisplayFlags, role: Role): OwnDisplayFlags {
  const isAdmin = isAdminRole(role);
  const flags = { ...OWN_DISPLAY_FLAG_DEFAULTS };
  for (const flag of OWN_DISPLAY_FLAGS)
    flags[flag] = (isAdmin ? settings[`admin_${flag}`] : settings[flag]) ?? flags[flag];
  return flags;
}

/**
 * The four flags that rule a viewer's cards (decision 0002): the user's own once they chose them, whatever their
 * role, otherwise the site's.
 */
export function ownFlagsFor(user: DisplayFlagOwner, settings: SiteDisplayFlags): OwnDisplayFlags {
  if (!user.display_flags_set) return siteFlagsFor(settings, user.role);
  const flags = { ...OWN_DISPLAY_FLAG_DEFAULTS };
  for (const flag of OWN_DISPLAY_FLAGS) flags[flag] = user[flag];
  return flags;
}
