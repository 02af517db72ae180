import type { ApiKeyWire } from '#shared/schemas/api-keys';
import type { ApiKeyListing } from '../repositories/api-keys.repository.ts';

/** A key in the admins' list: its prefix, never the key (which is not stored) nor its hash. */
export function presentApiKey(key: ApiKeyListing): ApiKeyWire {
  return {
    id: key.id,
    name: key.name,
    scopes: [...key.scopes],
    prefix: key.prefix,
    createdAt: key.createdAt,
    createdBy: key.createdByName,
    lastUsedAt: key.lastUsedAt,
    lastUsedIp: key.lastUsedIp,
  };
}
