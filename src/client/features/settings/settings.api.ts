import type { PatchSettingsBody, SettingsWire } from '#shared/schemas/settings';
import { apiJson } from '../../api/http.client';

/** PATCH /api/settings with only the changed fields; answers the whole settings row the admin may read. */
export function patchSettings(body: PatchSettingsBody): Promise<SettingsWire> {
  return apiJson<SettingsWire>('PATCH', '/api/settings', body);
}
