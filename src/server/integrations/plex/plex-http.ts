import { metadataTargetPolicy } from '../../monitor/metadata-targets.ts';
import { JsonClient } from '../http/json-client.ts';

export const PLEX_PRODUCT = 'Homelab Dashboard';

/** What every call to PMS or plex.tv carries. */
export interface PlexCredentials {
  token: string;
  /** X-Plex-Client-Identifier: generated once per installation and kept. */
  clientId: string;
  /**
   * The site setting allow_metadata_targets: the URL is one an administrator typed, so loopback and private
   * addresses are reached, but a cloud metadata address only when this is true (as for AMP, docs/decisions/0009).
   */
  allowMetadataTargets?: boolean;
}

/**
 * A JSON client for PMS or plex.tv: the token, the client identifier and the product in headers on every call
 * (never in a URL), the token redacted from every message, and the metadata-address guard.
 */
export function plexHttpClient(system: string, baseUrl: string, credentials: PlexCredentials, timeoutMs: number) {
  return new JsonClient({
    system,
    baseUrl,
    timeoutMs,
    headers: {
      'X-Plex-Token': credentials.token,
      'X-Plex-Client-Identifier': credentials.clientId,
      'X-Plex-Product': PLEX_PRODUCT,
    },
    secrets: () => [credentials.token],
    guard: metadataTargetPolicy(() => credentials.allowMetadataTargets === true),
  });
}
