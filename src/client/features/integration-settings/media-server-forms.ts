import { patchJellyfinSettingsBody, patchPlexSettingsBody } from '#shared/schemas/integrations';
import type { IntegrationFormSpec } from './integration-settings-form';
import type { IntegrationText } from './integration-settings-text';

/** Texts of the Plex form. */
export const PLEX_SETTINGS_TEXT = {
  saved: 'Plex settings saved',
  saveFailed: 'Failed to save Plex settings',
  secretKept: 'A token is stored',
  secretHint: 'Leave empty to keep the stored token.',
  source: {
    settings: 'Saved on this page.',
    environment: 'From the PLEX_URL and PLEX_TOKEN environment variables until saved here.',
    none: 'Not configured: Plex needs a URL and a token.',
  },
} as const satisfies IntegrationText;

/** Texts of the Jellyfin form. */
export const JELLYFIN_SETTINGS_TEXT = {
  saved: 'Jellyfin settings saved',
  saveFailed: 'Failed to save Jellyfin settings',
  secretKept: 'An API key is stored',
  secretHint: 'Leave empty to keep the stored API key.',
  source: {
    settings: 'Saved on this page.',
    environment: 'From the JELLYFIN_URL and JELLYFIN_API_KEY environment variables until saved here.',
    none: 'Not configured: Jellyfin needs a URL and an API key.',
  },
} as const satisfies IntegrationText;

/** Plex Media Server: URL, write-only token, the plex.tv address invitations go to, and the libraries they share. */
export const PLEX_FORM: IntegrationFormSpec<'plex'> = {
  name: 'plex',
  label: 'Plex settings',
  fields: [
    { name: 'url', label: 'Plex URL', kind: 'url', placeholder: 'http://plex.lan:32400' },
    { name: 'token', label: 'Plex Token', kind: 'secret' },
    {
      name: 'tv_url',
      label: 'plex.tv URL',
      kind: 'url',
      placeholder: 'https://plex.tv',
      hint: 'Leave empty for the real plex.tv; set it to reach a stand-in.',
    },
    {
      name: 'share_libraries',
      label: 'Libraries to share',
      kind: 'text',
      placeholder: 'Movies, TV Shows',
      hint: 'Comma-separated library names an invitation shares; empty shares every library.',
    },
  ],
  schema: patchPlexSettingsBody,
  text: PLEX_SETTINGS_TEXT,
  initialValues: (settings) => ({
    url: settings.url ?? '',
    token: '',
    tv_url: settings.tv_url ?? '',
    share_libraries: settings.share_libraries ?? '',
  }),
  isSecretSet: (settings) => settings.token_set,
};

/** Jellyfin: URL and write-only API key. */
export const JELLYFIN_FORM: IntegrationFormSpec<'jellyfin'> = {
  name: 'jellyfin',
  label: 'Jellyfin settings',
  fields: [
    { name: 'url', label: 'Jellyfin URL', kind: 'url', placeholder: 'http://jellyfin.lan:8096' },
    { name: 'api_key', label: 'Jellyfin API Key', kind: 'secret' },
  ],
  schema: patchJellyfinSettingsBody,
  text: JELLYFIN_SETTINGS_TEXT,
  initialValues: (settings) => ({ url: settings.url ?? '', api_key: '' }),
  isSecretSet: (settings) => settings.api_key_set,
};
