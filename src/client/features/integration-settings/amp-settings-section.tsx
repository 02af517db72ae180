import { Server } from 'lucide-react';
import { patchAmpSettingsBody } from '#shared/schemas/integrations';
import { SettingsSection } from '../settings/settings-section';
import { AMP_SETTINGS_TEXT } from './amp-settings-text';
import type { IntegrationFormSpec } from './integration-settings-form';
import { IntegrationSettingsPanel } from './integration-settings-panel';

/** AMP's URL, username and write-only password. */
export const AMP_FORM: IntegrationFormSpec<'amp'> = {
  name: 'amp',
  label: 'AMP settings',
  fields: [
    {
      name: 'url',
      label: 'AMP URL',
      kind: 'url',
      placeholder: 'http://amp.lan:8080',
      hint: "The panel's address, e.g. http://192.168.1.20:8080",
    },
    { name: 'username', label: 'AMP Username', kind: 'text' },
    { name: 'password', label: 'AMP Password', kind: 'secret', isAlone: true },
  ],
  schema: patchAmpSettingsBody,
  text: AMP_SETTINGS_TEXT,
  initialValues: (settings) => ({ url: settings.url ?? '', username: settings.username ?? '', password: '' }),
  isSecretSet: (settings) => settings.password_set,
};

/** The Settings page's 'Game servers (AMP)' card (administrators only); saves on its own endpoint. */
export function AmpSettingsSection() {
  return (
    <SettingsSection
      id="amp"
      icon={<Server />}
      title={AMP_SETTINGS_TEXT.title}
      description={AMP_SETTINGS_TEXT.description}
    >
      <IntegrationSettingsPanel spec={AMP_FORM} />
    </SettingsSection>
  );
}
