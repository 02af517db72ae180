import { isAdminRole, isApproved } from '#shared/permissions';
import type { PublicSettingsWire, SettingsWire } from '#shared/schemas/settings';
import type { User } from '../repositories/users.repository.ts';
import type { SettingsView } from '../services/settings.service.ts';

/** Sign-in configuration the browser needs for the Google popup (never a secret). */
export interface SignInConfig {
  googleClientId: string | null;
  googleAuthUrl: string;
}

/**
 * Settings for the caller: anyone gets what the sign-in page and frame need (the tracking snippet runs on
 * every page, so it is public); approved users add the display flags and the default e-mail template's id
 * (for their test notifications) and the game host of copy-address; administrators also get the admin_ flags, the default role and whether the
 * monitor may check cloud metadata addresses, and the media back end chosen.
 */
export function presentSettings(
  { settings, defaultTemplateId, gameHost }: SettingsView,
  viewer: User | null,
  signIn: SignInConfig,
): PublicSettingsWire | SettingsWire {
  const publicPart: PublicSettingsWire = {
    site_title: settings.site_title,
    font_family: settings.font_family,
    logo_url: settings.logo_url,
    logo_url_large: settings.logo_url_large,
    favicon_url: settings.favicon_url,
    favicon_label: settings.favicon_label,
    login_description: settings.login_description,
    discord_url: settings.discord_url,
    onlineColor: settings.online_color,
    offlineColor: settings.offline_color,
    google_client_id: signIn.googleClientId,
    google_auth_url: signIn.googleAuthUrl,
    tracking_code: settings.tracking_code,
    registration_open: settings.registration_open,
  };
  if (!viewer || !isApproved(viewer)) return publicPart;
  const userPart = {
    ...publicPart,
    id: settings.id,
    show_refresh_interval: settings.show_refresh_interval,
    show_last_checked: settings.show_last_checked,
    show_service_url: settings.show_service_url,
    show_status_badge: settings.show_status_badge,
    show_uptime_log: settings.show_uptime_log,
    default_template_id: defaultTemplateId,
    game_host: gameHost,
  };
  if (!isAdminRole(viewer.role)) return userPart;
  return {
    ...userPart,
    default_role: settings.default_role,
    admin_show_refresh_interval: settings.admin_show_refresh_interval,
    admin_show_last_checked: settings.admin_show_last_checked,
    admin_show_service_url: settings.admin_show_service_url,
    admin_show_status_badge: settings.admin_show_status_badge,
    admin_show_uptime_log: settings.admin_show_uptime_log,
    allow_metadata_targets: settings.allow_metadata_targets,
    media_backend: settings.media_backend,
  };
}
