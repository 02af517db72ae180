/** Texts of the 'Game servers (AMP)' settings section. */
export const AMP_SETTINGS_TEXT = {
  title: 'Game servers (AMP)',
  description: 'The CubeCoders AMP panel whose instances appear as game servers.',
  saved: 'AMP settings saved',
  saveFailed: 'Failed to save AMP settings',
  passwordKept: 'A password is stored',
  passwordHint: 'Leave empty to keep the stored password.',
  testButton: 'Test connection',
  testHint: 'Tests the values above, saved or not.',
  source: {
    settings: 'Saved on this page.',
    environment: 'From the AMP_URL, AMP_USERNAME and AMP_PASSWORD environment variables until saved here.',
    none: 'Not configured: game servers from AMP stay empty until a URL, username and password are saved.',
  },
} as const;
