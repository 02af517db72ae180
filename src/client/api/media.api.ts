import { queryOptions } from '@tanstack/react-query';
import { POLL } from '#shared/constants';
import type { MessageWire } from '#shared/schemas/common';
import type { MediaDetailsWire, MediaInvitationWire, MediaServerWire, MediaSummaryWire } from '#shared/schemas/media';
import { apiJson } from './http.client';

/** The media card's calls (SPEC section 7); the paths keep SPEC's `/plex/` segment whichever back end is active. */
export const MEDIA_PATHS = {
  details: '/api/services/plex/details',
  server: '/api/services/plex/server',
  summary: '/api/services/plex/summary',
  myInvitations: '/api/services/plex/invitations/mine',
  invitations: '/api/services/plex/invitations',
  account: '/api/services/plex/account',
} as const;

// These queries have no queryFn of their own: SPEC section 7's default loader (the query client's) does the GET
// on the key's first element.

/** Media server info: every 15 s while auto-refresh is on, fresh for 10 s (SPEC sections 7 and 9). */
export function mediaDetailsQueryOptions(isAutoRefreshOn: boolean) {
  return queryOptions<MediaDetailsWire>({
    queryKey: [MEDIA_PATHS.details],
    refetchInterval: isAutoRefreshOn ? POLL.mediaInfoMs : false,
    staleTime: POLL.mediaInfoStaleMs,
  });
}

/** SPEC's second media info call: which back end, its name and version, whether it takes invitations; every 15 s. */
export function mediaServerQueryOptions() {
  return queryOptions<MediaServerWire>({
    queryKey: [MEDIA_PATHS.server],
    refetchInterval: POLL.mediaInfoMs,
    staleTime: POLL.mediaInfoStaleMs,
  });
}

/** Helper call one: the compact summary line; on mount and every 20 s. */
export function mediaSummaryQueryOptions() {
  return queryOptions<MediaSummaryWire>({
    queryKey: [MEDIA_PATHS.summary],
    refetchInterval: POLL.mediaHelperMs,
    refetchOnMount: 'always',
  });
}

/** Helper call two: the caller's own invitations, shown in the Join Invitation dialog; on mount and every 20 s. */
export function myMediaInvitationsQueryOptions() {
  return queryOptions<MediaInvitationWire[]>({
    queryKey: [MEDIA_PATHS.myInvitations],
    refetchInterval: POLL.mediaHelperMs,
    refetchOnMount: 'always',
  });
}

/** Every recorded invitation (admins, newest first), for the Settings page. */
export function mediaInvitationsQueryOptions() {
  return queryOptions<MediaInvitationWire[]>({
    queryKey: [MEDIA_PATHS.invitations],
    staleTime: 0,
  });
}

/** POST /api/services/plex/account {email}: invites the address to the media server through plex.tv. */
export function sendMediaInvitation(email: string): Promise<MessageWire> {
  return apiJson<MessageWire>('POST', MEDIA_PATHS.account, { email });
}
