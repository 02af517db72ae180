import { isAdminRole } from '#shared/permissions';
import { ownFlagsFor } from '#shared/display-flags';
import type { UserWire } from '#shared/schemas/user';
import type { SiteSettings } from '../../api/session.queries';

/** Which optional parts of a service card the viewer sees (SPEC section 2, settings of section 3). */
export interface DisplayFlags {
  statusBadge: boolean;
  refreshInterval: boolean;
  lastChecked: boolean;
  serviceUrl: boolean;
  uptimeLog: boolean;
}

/**
 * The viewer's card flags: the four a user may own come from ownFlagsFor (their own once chosen, else the site's,
 * admins reading the admin_ variants); the status badge stays a site flag (SPEC section 6).
 */
export function displayFlagsFor(settings: SiteSettings, user: UserWire): DisplayFlags {
  const own = ownFlagsFor(user, settings);
  const statusBadge = isAdminRole(user.role) ? settings.admin_show_status_badge : settings.show_status_badge;
  return {
    statusBadge: statusBadge ?? true,
    refreshInterval: own.show_refresh_interval,
    lastChecked: own.show_last_checked,
    serviceUrl: own.show_service_url,
    uptimeLog: own.show_uptime_log,
  };
}
