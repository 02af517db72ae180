import type { IntegrationText } from './integration-settings-text';

/** Texts of the 'Game servers (AMP)' settings section. */
export const AMP_SETTINGS_TEXT = {
  title: 'Game servers (AMP)',
  description: 'The CubeCoders AMP panel whose instances appear as game servers.',
  saved: 'AMP settings saved',
  saveFailed: 'Failed to save AMP settings',
  secretKept: 'A password is stored',
  secretHint: 'Leave empty to keep the stored password.',
  source: {
    settings: 'Saved on this page.',
    environment: 'From the AMP_URL, AMP_USERNAME and AMP_PASSWORD environment variables until saved here.',
    none: 'Not configured: game servers from AMP stay empty until a URL, username and password are saved.',
  },
} as const satisfies IntegrationText & Record<string, unknown>;
