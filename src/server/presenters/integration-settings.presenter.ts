import type { IntegrationField } from '../integrations/settings/integration-descriptor.ts';
import type { IntegrationView } from '../integrations/settings/integration-settings.ts';

/** True when a secret is stored: the only thing the wire says about it. */
function isSet(value: string | null): boolean {
  return value !== null && value !== '';
}

/**
 * One outside system's settings for administrators, from its descriptor's fields: plain fields by name, each
 * secret only as `<name>_set` (AMP's password_set, Plex's token_set, Jellyfin's api_key_set), then whether the
 * values are enough and where they come from. The route checks the result against the system's wire schema.
 */
export function presentIntegrationSettings<F extends string>(
  view: IntegrationView<F>,
  fields: Readonly<Record<F, IntegrationField>>,
): Record<string, string | boolean | null> {
  const wire: Record<string, string | boolean | null> = {};
  for (const name of Object.keys(fields) as F[]) {
    if (fields[name].secret) wire[`${name}_set`] = isSet(view.values[name]);
    else wire[name] = view.values[name];
  }
  return { ...wire, configured: view.configured, source: view.source };
}
