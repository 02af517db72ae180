import { INTEGRATION_FIELD_LABELS, INTEGRATION_MSG, patchJellyfinSettingsBody } from '#shared/schemas/integrations';
import { JellyfinClient, type JellyfinConfig } from '../jellyfin/jellyfin.client.ts';
import type { IntegrationDescriptor } from './integration-descriptor.ts';
import { testMediaConnection } from './media-connection.ts';

export type JellyfinField = 'url' | 'api_key';

/**
 * Jellyfin's settings: URL and a write-only API key; JELLYFIN_URL, JELLYFIN_API_KEY at first. `deviceId` is the
 * installation's id (the one Plex gets as its client identifier), so Jellyfin lists one device for us.
 */
export function jellyfinSettingsDescriptor(options: {
  deviceId: string;
  timeoutMs?: number;
}): IntegrationDescriptor<JellyfinField, JellyfinConfig> {
  const labels = INTEGRATION_FIELD_LABELS.jellyfin;
  return {
    id: 'jellyfin',
    fields: {
      url: { label: labels.url, secret: false, env: 'JELLYFIN_URL', isUrl: true },
      api_key: { label: labels.api_key, secret: true, env: 'JELLYFIN_API_KEY' },
    },
    patchSchema: patchJellyfinSettingsBody,
    toConfig: ({ url, api_key }, { allowMetadataTargets }) =>
      url && api_key ? { url, apiKey: api_key, deviceId: options.deviceId, allowMetadataTargets } : null,
    incompleteMessage: INTEGRATION_MSG.jellyfinIncomplete,
    metadataMessage: INTEGRATION_MSG.metadataUrl,
    testConnection: (config) => testMediaConnection(new JellyfinClient(config, options)),
  };
}
