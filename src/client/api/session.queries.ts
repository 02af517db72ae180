import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PublicSettingsWire, SettingsWire } from '#shared/schemas/settings';
import type { UserWire } from '#shared/schemas/user';
import { getQueryFn } from './http.client';
import { noteSessionStarted } from './session-end';

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

/** Stores a freshly signed-in user and refreshes settings, which show more to a signed-in caller. */
export function storeSignedInUser(queryClient: QueryClient, user: UserWire): void {
  noteSessionStarted();
  queryClient.setQueryData(USER_QUERY_KEY, user);
  void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
}

/**
 * Forgets the signed-in user (logout, or a session the server ended): no user, so the route guards show /auth,
 * and nothing the user saw outlives the session in the cache, where the next account would find it.
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] && query.queryKey[0] !== SETTINGS_QUERY_KEY[0],
  });
  queryClient.setQueryData(USER_QUERY_KEY, null);
  void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
}
