import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_FONT_FAMILY,
  DEFAULT_LOGIN_DESCRIPTION,
  DEFAULT_OFFLINE_COLOR,
  DEFAULT_ONLINE_COLOR,
  DEFAULT_SITE_TITLE,
} from '#shared/constants';
import { settingsQueryOptions, type SiteSettings } from '../api/session.queries';

/** What the frame shows before settings arrive or when they can't be read. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  site_title: DEFAULT_SITE_TITLE,
  font_family: DEFAULT_FONT_FAMILY,
  logo_url: null,
  logo_url_large: null,
  favicon_url: null,
  favicon_label: null,
  login_description: DEFAULT_LOGIN_DESCRIPTION,
  discord_url: null,
  onlineColor: DEFAULT_ONLINE_COLOR,
  offlineColor: DEFAULT_OFFLINE_COLOR,
  google_client_id: null,
  google_auth_url: 'https://accounts.google.com/o/oauth2/v2/auth',
  tracking_code: null,
  registration_open: true,
};

/** Site settings with SPEC defaults filled in; `isLoaded` tells whether the server's values are in. */
export function useSiteSettings(): { settings: SiteSettings; isLoaded: boolean } {
  const { data } = useQuery(settingsQueryOptions());
  return { settings: data ? { ...DEFAULT_SITE_SETTINGS, ...data } : DEFAULT_SITE_SETTINGS, isLoaded: data != null };
}
