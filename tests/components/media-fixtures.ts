import type { QueryClient } from '@tanstack/react-query';
import type {
  MediaDetailsWire,
  MediaInvitationWire,
  MediaServerWire,
  MediaStreamWire,
  MediaSummaryWire,
} from '#shared/schemas/media';
import type { ServiceWire } from '#shared/schemas/service';
import type { Role } from '#shared/roles';
import type { UserWire } from '#shared/schemas/user';
import { USER_QUERY_KEY } from '../../src/client/api/session.queries';
import { stubApi, type SeenRequest } from './render';
import { serviceFixture } from './service-fixture';

/** The signed-in user with this role. */
export function signedInUser(role: Role): UserWire {
  return {
    id: 1,
    username: `${role}-user`,
    email: null,
    role,
    enabled: true,
    approved: true,
    can_view_nsfw: false,
    show_uptime_log: false,
    show_service_url: false,
    show_refresh_interval: false,
    show_last_checked: false,
    display_flags_set: false,
    service_order: [],
    is_online: true,
    last_login: null,
    last_ip: null,
    temp_password: false,
    requires_password_change: false,
  };
}

/** Puts the user in the session cache before anything renders (renderInApp's `configure`). */
export function withUser(role: Role) {
  return (queryClient: QueryClient) => queryClient.setQueryData(USER_QUERY_KEY, signedInUser(role));
}

/** The media server's service as GET /api/services lists it. */
export function mediaService(partial: Partial<ServiceWire> = {}): ServiceWire {
  return serviceFixture({ id: 11, name: 'Plex', url: 'https://plex.example.test', mediaServer: true, ...partial });
}

/** One stream: a playing movie two minutes into a 10-minute run, unless told otherwise. */
export function stream(partial: Partial<MediaStreamWire> = {}): MediaStreamWire {
  return {
    user: 'alice',
    device: 'Living Room TV',
    quality: '1080p',
    title: 'Big Buck Bunny',
    thumb: '/api/services/plex/thumb?path=%2Flibrary%2Fmetadata%2F1%2Fthumb%2F1',
    type: 'movie',
    state: 'playing',
    progress: 20,
    duration: 600_000,
    ...partial,
  };
}

export function onlineDetails(partial: Partial<MediaDetailsWire> = {}): MediaDetailsWire {
  const streams = partial.streams ?? [];
  return {
    status: true,
    error: null,
    activeStreamCount: streams.length,
    libraries: [
      { title: 'Movies', type: 'movie', count: 1234 },
      { title: 'TV Shows', type: 'show', count: 56 },
    ],
    streams,
    ...partial,
  };
}

export function plexServer(partial: Partial<MediaServerWire> = {}): MediaServerWire {
  return {
    configured: true,
    backend: 'plex',
    name: 'Home Plex',
    version: '1.40.0',
    invitations: true,
    checkedAt: '2030-01-01T12:00:00.000Z',
    ...partial,
  };
}

export function summary(partial: Partial<MediaSummaryWire> = {}): MediaSummaryWire {
  return { status: true, activeStreamCount: 2, playing: 1, paused: 1, totalItems: 1290, ...partial };
}

export function invitation(partial: Partial<MediaInvitationWire> = {}): MediaInvitationWire {
  return {
    id: 1,
    email: 'friend@example.test',
    createdAt: '2030-01-01T12:00:00.000Z',
    result: 'sent',
    message: null,
    ...partial,
  };
}

type Answer = { status: number; body: unknown };

/** What each media call answers; a test changes an entry to change what the next request gets. */
export interface MediaApi {
  details: Answer;
  server: Answer;
  summary: Answer;
  mine: Answer;
  /** Any other request (the invitation POST, settings calls). */
  other: (request: SeenRequest) => Answer;
}

/** Stubs fetch with the media card's four calls plus `other`; returns the live answers and the requests seen. */
export function stubMediaApi(answers: Partial<MediaApi> = {}) {
  const api: MediaApi = {
    details: { status: 200, body: onlineDetails() },
    server: { status: 200, body: plexServer() },
    summary: { status: 200, body: summary() },
    mine: { status: 200, body: [] },
    other: () => ({ status: 404, body: { message: 'Not found' } }),
    ...answers,
  };
  const requests = stubApi((request) => {
    switch (request.url) {
      case '/api/services/plex/details':
        return api.details;
      case '/api/services/plex/server':
        return api.server;
      case '/api/services/plex/summary':
        return api.summary;
      case '/api/services/plex/invitations/mine':
        return api.mine;
      default:
        return api.other(request);
    }
  });
  return { api, requests };
}

/** Details of a server that is not online: `error` is the reason (MEDIA_MSG.notConfigured when there is none). */
export function offlineOrNot(error: string): MediaDetailsWire {
  return { status: false, error, activeStreamCount: 0, libraries: [], streams: [] };
}
