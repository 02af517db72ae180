import type { AmpSettingsWire } from '#shared/schemas/integrations';
import type { AmpField } from '../integrations/settings/amp-settings.descriptor.ts';
import type { IntegrationView } from '../integrations/settings/integration-settings.ts';

/** True when a secret is stored: the only thing the wire says about it. */
function isSet(value: string | null): boolean {
  return value !== null && value !== '';
}

/** AMP's settings for administrators: the password is write-only, so only whether one is set. */
export function presentAmpSettings(view: IntegrationView<AmpField>): AmpSettingsWire {
  return {
    url: view.values.url,
    username: view.values.username,
    password_set: isSet(view.values.password),
    configured: view.configured,
    source: view.source,
  };
}
