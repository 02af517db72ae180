import type { SiteSettings } from '../../api/session.queries';

/** Which optional parts of a service card the viewer sees (SPEC section 2, settings of section 3). */
export interface DisplayFlags {
  statusBadge: boolean;
  refreshInterval: boolean;
  lastChecked: boolean;
  serviceUrl: boolean;
  uptimeLog: boolean;
}

/** SPEC section 3 defaults, used until the settings arrive. */
const DEFAULT_FLAGS: DisplayFlags = {
  statusBadge: true,
  refreshInterval: true,
  lastChecked: true,
  serviceUrl: true,
  uptimeLog: false,
};

/** Users read the site's show_* flags; admins and superadmins read the admin_show_* variants (SPEC section 6). */
export function displayFlagsFor(settings: SiteSettings, isAdmin: boolean): DisplayFlags {
  const pick = (userFlag: boolean | undefined, adminFlag: boolean | undefined, fallback: boolean) =>
    (isAdmin ? adminFlag : userFlag) ?? fallback;
  return {
    statusBadge: pick(settings.show_status_badge, settings.admin_show_status_badge, DEFAULT_FLAGS.statusBadge),
    refreshInterval: pick(
      settings.show_refresh_interval,
      settings.admin_show_refresh_interval,
      DEFAULT_FLAGS.refreshInterval,
    ),
    lastChecked: pick(settings.show_last_checked, settings.admin_show_last_checked, DEFAULT_FLAGS.lastChecked),
    serviceUrl: pick(settings.show_service_url, settings.admin_show_service_url, DEFAULT_FLAGS.serviceUrl),
    uptimeLog: pick(settings.show_uptime_log, settings.admin_show_uptime_log, DEFAULT_FLAGS.uptimeLog),
  };
}
