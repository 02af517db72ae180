import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { MediaBackendChoice } from '#shared/schemas/media';
import type { Database } from '../db/schema.ts';
import type { ConfigSource } from '../game-servers/config-source.ts';
import { JellyfinClient, type JellyfinConfig } from '../integrations/jellyfin/jellyfin.client.ts';
import { PlexClient } from '../integrations/plex/plex.client.ts';
import { PlexTvInviter } from '../integrations/plex/plex-tv.client.ts';
import type { PlexMediaConfig } from '../integrations/settings/plex-settings.descriptor.ts';
import { MediaInvitationsRepository } from '../repositories/media-invitations.repository.ts';
import { MediaStatusRepository } from '../repositories/media-status.repository.ts';
import type { SubjectStatusChange } from '../repositories/alert-subscriptions.repository.ts';
import type { PollObserver } from '../metrics/observers.ts';
import type { Clock } from '../services/clock.ts';
import { ActiveMediaBackend, type MediaBackendBuilders } from './active-backend.ts';
import { MediaPoller } from './media-poller.ts';
import { DEFAULT_INVITATION_LIMIT, MediaService, type InvitationLimit } from './media.service.ts';

export interface MediaModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Plex's and Jellyfin's settings in force (Settings page, else PLEX_* / JELLYFIN_* environment). */
  plexConfig: ConfigSource<PlexMediaConfig>;
  jellyfinConfig: ConfigSource<JellyfinConfig>;
  /** The site setting media_backend, and a way to hear that it changed. */
  choice: () => Promise<MediaBackendChoice>;
  onChoiceChange: (listener: () => void) => void;
  invitationLimit?: InvitationLimit | undefined;
  /** Told when a poll changes what the media card shows (live events). */
  onChanged?: () => void;
  /** Told each media poll's outcome and duration (the Prometheus metrics). */
  onPolled?: PollObserver;
  /** Told when the media server goes up or down (alerts). */
  onStatusChanges?: (changes: SubjectStatusChange[]) => Promise<void>;
}

export interface MediaServices {
  media: MediaService;
  /** The poll-media job runs it in the leading instance. */
  mediaPoller: MediaPoller;
}

/** The real clients of each back end: Plex with plex.tv invitations, Jellyfin without. */
const realBuilders: MediaBackendBuilders<PlexMediaConfig, JellyfinConfig> = {
  plex: (config) => ({
    backend: new PlexClient(config),
    inviter: new PlexTvInviter({
      token: config.token,
      clientId: config.clientId,
      ...(config.allowMetadataTargets === undefined ? {} : { allowMetadataTargets: config.allowMetadataTargets }),
      ...(config.tvUrl ? { baseUrl: config.tvUrl } : {}),
    }),
    shareLibraries: config.shareLibraries,
  }),
  jellyfin: (config) => ({ backend: new JellyfinClient(config), inviter: null, shareLibraries: { all: true } }),
};

/** Wires the media domain: the active back end, its poller and the service the routes call. */
export function createMediaServices(deps: MediaModuleDeps): MediaServices {
  const status = new MediaStatusRepository(deps.db);
  const active = new ActiveMediaBackend({
    plex: deps.plexConfig,
    jellyfin: deps.jellyfinConfig,
    choice: deps.choice,
    build: realBuilders,
  });
  const poller = new MediaPoller({
    active: () => active.current(),
    status,
    clock: deps.clock,
    log: deps.log,
    onChanged: deps.onChanged,
    onPolled: deps.onPolled,
    onStatusChanges: deps.onStatusChanges,
  });
  // A settings change shows at once, not at the next 10 s tick (a poll from a standby instance is harmless).
  const onChange = () => {
    active
      .invalidate()
      .then(() => poller.poll())
      .catch((error: unknown) => deps.log.warn({ err: error }, 'media poll after a change failed'));
  };
  deps.plexConfig.onChange(onChange);
  deps.jellyfinConfig.onChange(onChange);
  deps.onChoiceChange(onChange);
  return {
    media: new MediaService({
      status,
      invitations: new MediaInvitationsRepository(deps.db),
      active: () => active.current(),
      clock: deps.clock,
      limit: deps.invitationLimit ?? DEFAULT_INVITATION_LIMIT,
      log: deps.log,
    }),
    mediaPoller: poller,
  };
}
