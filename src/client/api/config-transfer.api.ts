import type { ConfigImportWire } from '#shared/schemas/config-transfer';
import { fetchApi, throwIfNotOk } from './http.client';

/** The configuration file as the server wrote it, with the name it suggests. */
export interface ExportedConfig {
  blob: Blob;
  fileName: string;
}

/** GET /api/config/export: the whole configuration as one YAML file (no secrets). */
export async function exportConfig(): Promise<ExportedConfig> {
  const response = await fetchApi('/api/config/export', { method: 'GET', credentials: 'include' });
  await throwIfNotOk(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'homelab-config.yaml';
  return { blob: await response.blob(), fileName };
}

/** POST /api/config/import: the YAML as it is; a dry run answers the diff without writing. */
export async function importConfig(
  yaml: string,
  options: { dryRun: boolean; removeMissing: boolean },
): Promise<ConfigImportWire> {
  const query = new URLSearchParams({ dryRun: String(options.dryRun), removeMissing: String(options.removeMissing) });
  const response = await fetchApi(`/api/config/import?${query.toString()}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/yaml' },
    body: yaml,
  });
  await throwIfNotOk(response);
  return (await response.json()) as ConfigImportWire;
}
