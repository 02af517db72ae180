import { INTEGRATION_FIELD_LABELS, INTEGRATION_MSG, patchPlexSettingsBody } from '#shared/schemas/integrations';
import type { MediaInviteLibraries } from '../../media/media-server.ts';
import { PlexClient, type PlexConfig } from '../plex/plex.client.ts';
import type { IntegrationDescriptor } from './integration-descriptor.ts';
import { testMediaConnection } from './media-connection.ts';

export type PlexField = 'url' | 'token' | 'tv_url' | 'share_libraries';

/** Everything the media domain needs to talk to one Plex Media Server and to plex.tv on its behalf. */
export interface PlexMediaConfig extends PlexConfig {
  /** PLEX_TV_URL: replaces the plex.tv hosts in every plex.tv call; null means the real plex.tv. */
  tvUrl: string | null;
  /** Which libraries an invitation shares. */
  shareLibraries: MediaInviteLibraries;
}

/** The share setting as typed (library names, comma-separated); empty shares every library. */
export function parseShareLibraries(text: string | null): MediaInviteLibraries {
  const keysOrTitles = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return keysOrTitles.length === 0 ? { all: true } : { all: false, keysOrTitles };
}

/**
 * Plex's settings: URL, write-only token, plex.tv URL and the shared libraries; PLEX_URL, PLEX_TOKEN, PLEX_TV_URL,
 * PLEX_SHARE_LIBRARIES at first. `clientId` is the installation's X-Plex-Client-Identifier, generated once and kept
 * in app_secrets (docs/decisions/0012), the same for every call to the server and to plex.tv.
 */
export function plexSettingsDescriptor(options: {
  clientId: string;
  timeoutMs?: number;
}): IntegrationDescriptor<PlexField, PlexMediaConfig> {
  const labels = INTEGRATION_FIELD_LABELS.plex;
  return {
    id: 'plex',
    fields: {
      url: { label: labels.url, secret: false, env: 'PLEX_URL', isUrl: true },
      token: { label: labels.token, secret: true, env: 'PLEX_TOKEN' },
      tv_url: { label: labels.tv_url, secret: false, env: 'PLEX_TV_URL', isUrl: true },
      share_libraries: { label: labels.share_libraries, secret: false, env: 'PLEX_SHARE_LIBRARIES' },
    },
    patchSchema: patchPlexSettingsBody,
    toConfig: ({ url, token, tv_url, share_libraries }, { allowMetadataTargets }) =>
      url && token
        ? {
            url,
            token,
            clientId: options.clientId,
            allowMetadataTargets,
            tvUrl: tv_url,
            shareLibraries: parseShareLibraries(share_libraries),
          }
        : null,
    incompleteMessage: INTEGRATION_MSG.plexIncomplete,
    metadataMessage: INTEGRATION_MSG.metadataUrl,
    testConnection: (config) => testMediaConnection(new PlexClient(config, options)),
  };
}
