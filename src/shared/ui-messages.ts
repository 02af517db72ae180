/** SPEC section 8 texts that only the browser shows (toasts of the sign-in screen), kept beside MSG. */
export const AUTH_TEXT = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  logoutFailed: 'Logout failed',
  resetFailed: 'Failed to send reset request. Please try again.',
  passwordUpdateFailed: 'Failed to update password',
  authFailed: 'Authentication failed',
  connectingToGoogle: 'Connecting to Google',
  googleSuccess: 'Google Sign-in Successful',
  accountCreated: 'Account Created',
  popupClosed: 'The sign-in popup was closed. Please try again.',
  popupBlocked: 'Pop-up was blocked. Please allow pop-ups for this site and try again.',
  networkError: 'Network error occurred. Please check your connection and try again.',
  unauthorizedDomain: 'This domain is not authorized for Google Sign-In. Please contact the administrator.',
  googleGeneric: 'Could not sign in with Google. Please try again.',
} as const;

/** SPEC section 8 toasts of the services dashboard (cards, Add and Edit Service dialogs). */
export const SERVICE_TEXT = {
  added: 'Service added',
  addFailed: 'Failed to add service',
  updated: 'Service updated',
  updatedDetail: 'The service has been updated successfully',
  updateFailed: 'Failed to update service',
  deleted: 'Service deleted',
  deleteFailed: 'Failed to delete service',
  descriptionPlaceholder: 'Enter a brief description of this service',
} as const;

/** SPEC section 8 toasts of the image control (service, game and site images). */
export const UPLOAD_TEXT = {
  failed: 'Upload failed',
  invalidJson: 'Server returned invalid JSON',
  badResponse: 'Failed to process server response',
  generic: 'Failed to upload image',
} as const;

/**
 * SPEC section 8's only failure toast for template logos, whatever went wrong (refused file or failed upload):
 * 'Upload Failed' (capital F, unlike the other images) / 'Failed to upload image'.
 */
export const TEMPLATE_LOGO_UPLOAD_FAILED = {
  title: 'Upload Failed',
  description: UPLOAD_TEXT.generic,
} as const;

/** SPEC sections 2 and 8 texts of the Game Servers section, its cards and the Request New Game Server dialog. */
export const GAME_TEXT = {
  loading: 'Loading game servers...',
  loadFailed: 'Failed to load game servers',
  cardLoadFailed: 'Failed to load game server information',
  noServers: 'No game servers found',
  noOnlineServers: 'No online servers found',
  showOffline: (count: number) => `Show Offline Servers (${count})`,
  hideOffline: (count: number) => `Hide Offline Servers (${count})`,
  starting: 'Server Starting',
  stopping: 'Server Stopping',
  restarting: 'Server Restarting',
  actionErrorTitle: 'Error',
  actionFailed: 'Failed to start server',
  copied: 'Copied!',
  iconUpdated: 'Icon updated',
  iconFailed: 'Failed to upload icon',
  requestTitle: 'Request New Game Server',
  requestSubmitted: 'Server request submitted',
  requestFailed: 'Failed to submit request',
  missingFromPanel: 'Missing from panel',
} as const;
