import { queryOptions } from '@tanstack/react-query';
import type { MessageWire } from '#shared/schemas/common';
import type {
  AmpSettingsWire,
  JellyfinSettingsWire,
  PatchAmpSettingsBody,
  PatchJellyfinSettingsBody,
  PatchPlexSettingsBody,
  PlexSettingsWire,
} from '#shared/schemas/integrations';
import { apiJson } from './http.client';

/** The settings wire and PATCH/test body of each outside system configured on the Settings page. */
export interface IntegrationContracts {
  amp: { settings: AmpSettingsWire; body: PatchAmpSettingsBody };
  plex: { settings: PlexSettingsWire; body: PatchPlexSettingsBody };
  jellyfin: { settings: JellyfinSettingsWire; body: PatchJellyfinSettingsBody };
}
export type IntegrationName = keyof IntegrationContracts;
export type IntegrationSettings<N extends IntegrationName> = IntegrationContracts[N]['settings'];
export type IntegrationBody<N extends IntegrationName> = IntegrationContracts[N]['body'];

/** Query key of one integration's settings (admins only; secrets are never returned). */
export function integrationSettingsQueryKey(name: IntegrationName) {
  return [`/api/integrations/${name}`] as const;
}

/** GET /api/integrations/{name}: the settings in force and where they come from. */
export function integrationSettingsQueryOptions<N extends IntegrationName>(name: N) {
  return queryOptions({
    queryKey: integrationSettingsQueryKey(name),
    queryFn: () => apiJson<IntegrationSettings<N>>('GET', `/api/integrations/${name}`),
  });
}

/** PATCH /api/integrations/{name} with the fields to change; answers the whole settings. */
export function patchIntegrationSettings<N extends IntegrationName>(
  name: N,
  body: IntegrationBody<N>,
): Promise<IntegrationSettings<N>> {
  return apiJson<IntegrationSettings<N>>('PATCH', `/api/integrations/${name}`, body);
}

/** POST /api/integrations/{name}/test: connects with these values (the stored ones where absent), nothing saved. */
export function testIntegrationSettings<N extends IntegrationName>(
  name: N,
  body: IntegrationBody<N>,
): Promise<MessageWire> {
  return apiJson<MessageWire>('POST', `/api/integrations/${name}/test`, body);
}
