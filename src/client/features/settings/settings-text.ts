/** Texts of the Settings page (the toasts follow SPEC section 8's settings wording). */
export const SETTINGS_TEXT = {
  updated: 'Settings updated',
  updatedDetail: 'Your changes are live for everyone.',
  updateFailed: 'Failed to update settings',
  metadataTargetsHint:
    'Lets services check 169.254.169.254 and similar, which can expose this server’s cloud credentials.',
  gameHostHint: 'Copy address gives this host plus the server’s port. Empty uses the GAME_HOST environment variable.',
  trackingHelp: 'Only <script src="https://..."></script> tags',
} as const;
