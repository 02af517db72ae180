import { INTEGRATION_FIELD_LABELS, INTEGRATION_MSG, patchAmpSettingsBody } from '#shared/schemas/integrations';
import { AmpClient, type AmpConfig } from '../amp/amp.client.ts';
import type { IntegrationDescriptor } from './integration-descriptor.ts';

export type AmpField = 'url' | 'username' | 'password';

/** AMP's settings: URL and username, a write-only password; AMP_URL, AMP_USERNAME, AMP_PASSWORD at first. */
export function ampSettingsDescriptor(
  options: { timeoutMs?: number } = {},
): IntegrationDescriptor<AmpField, AmpConfig> {
  const labels = INTEGRATION_FIELD_LABELS.amp;
  return {
    id: 'amp',
    fields: {
      url: { label: labels.url, secret: false, env: 'AMP_URL', isUrl: true },
      username: { label: labels.username, secret: false, env: 'AMP_USERNAME' },
      password: { label: labels.password, secret: true, env: 'AMP_PASSWORD' },
    },
    patchSchema: patchAmpSettingsBody,
    toConfig: ({ url, username, password }, { allowMetadataTargets }) =>
      url && username && password ? { url, username, password, allowMetadataTargets } : null,
    incompleteMessage: INTEGRATION_MSG.ampIncomplete,
    metadataMessage: INTEGRATION_MSG.metadataUrl,
    async testConnection(config) {
      const client = new AmpClient(config, options);
      try {
        return INTEGRATION_MSG.connected((await client.testConnection()).instanceCount);
      } finally {
        await client.close();
      }
    },
  };
}
