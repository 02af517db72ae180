/** Texts of the Settings page's Configuration card (ours: SPEC has none for it). */
export const CONFIG_TRANSFER_TEXT = {
  title: 'Configuration',
  description:
    'Export services with their checks, game-server options, e-mail templates, settings, status pages and maintenance windows as one YAML file, or import such a file. Secrets (AMP password, Plex token, Jellyfin API key, SMTP password, push URLs, credential headers) and alert channels are never exported.',
  export: 'Export',
  exportFailed: 'Export failed',
  import: 'Import',
  importing: 'Checking...',
  removeMissing: 'Remove what the file leaves out',
  removeMissingHint:
    'Off: the file adds and changes only. On: services, status pages and maintenance windows not in the file are deleted (only in the sections the file has).',
  previewTitle: (fileName: string) => `Changes from ${fileName}`,
  apply: 'Apply',
  applying: 'Applying...',
  cancel: 'Cancel',
  invalid: 'The file cannot be imported',
  importFailed: 'Import failed',
  readFailed: 'The file could not be read',
  added: 'Added',
  changed: 'Changed',
  removed: 'Removed',
  skipped: 'Skipped',
  note: 'Note',
  secret: '(secret)',
  empty: '(empty)',
} as const;
