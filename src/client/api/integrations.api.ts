import { queryOptions } from '@tanstack/react-query';
import type { MessageWire } from '#shared/schemas/common';
import type { AmpSettingsWire, PatchAmpSettingsBody, TestAmpSettingsBody } from '#shared/schemas/integrations';
import { apiJson } from './http.client';

/** Query key of AMP's settings (admins only; the password is never returned). */
export const AMP_SETTINGS_QUERY_KEY = ['/api/integrations/amp'] as const;

/** AMP's settings in force and where they come from. */
export function ampSettingsQueryOptions() {
  return queryOptions({
    queryKey: AMP_SETTINGS_QUERY_KEY,
    queryFn: () => apiJson<AmpSettingsWire>('GET', '/api/integrations/amp'),
  });
}

/** PATCH /api/integrations/amp with the fields to change; answers the whole settings. */
export function patchAmpSettings(body: PatchAmpSettingsBody): Promise<AmpSettingsWire> {
  return apiJson<AmpSettingsWire>('PATCH', '/api/integrations/amp', body);
}

/** POST /api/integrations/amp/test: connects with these values (the stored ones where absent), nothing saved. */
export function testAmpSettings(body: TestAmpSettingsBody): Promise<MessageWire> {
  return apiJson<MessageWire>('POST', '/api/integrations/amp/test', body);
}
