import { queryOptions } from '@tanstack/react-query';
import type { PublicSettingsWire, SettingsWire } from '#shared/schemas/settings';
import type { UserWire } from '#shared/schemas/user';
import { getQueryFn } from './http.client';

/** Query key of the current user (SPEC section 7: GET /api/user). */
export const USER_QUERY_KEY = ['/api/user'] as const;
/** Query key of the site settings (GET /api/settings). */
export const SETTINGS_QUERY_KEY = ['/api/settings'] as const;

/** Signed-out visitors get the public subset; approved users get the whole settings row. */
export type SiteSettings = PublicSettingsWire & Partial<Omit<SettingsWire, keyof PublicSettingsWire>>;

/** The current user, or null when signed out (a 401 is not an error). */
export function userQueryOptions() {
  return queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<UserWire>({ on401: 'returnNull' }),
  });
}

/** Site settings (branding, sign-in configuration and, for approved users, display flags). */
export function settingsQueryOptions() {
  return queryOptions({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: getQueryFn<SiteSettings>({ on401: 'returnNull' }),
  });
}
