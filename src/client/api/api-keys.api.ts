import { queryOptions } from '@tanstack/react-query';
import type { ApiKeyWire, CreateApiKeyBody, CreatedApiKeyWire } from '#shared/schemas/api-keys';
import type { MessageWire } from '#shared/schemas/common';
import { apiJson } from './http.client';

/** Query key of the API key list (issue 15, admins only). */
export const API_KEYS_QUERY_KEY = ['/api/api-keys'] as const;

/** Every key, newest first, without the keys themselves. */
export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: () => apiJson<ApiKeyWire[]>('GET', '/api/api-keys'),
  });
}

/** POST /api/api-keys: the answer holds the key, the only time it is ever shown. */
export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKeyWire> {
  return apiJson<CreatedApiKeyWire>('POST', '/api/api-keys', body);
}

/** DELETE /api/api-keys/{id}: the key stops working at once. */
export function revokeApiKey(id: number): Promise<MessageWire> {
  return apiJson<MessageWire>('DELETE', `/api/api-keys/${id}`);
}
