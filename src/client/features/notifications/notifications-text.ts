/** Texts of the Notification Preferences dialog that only the browser shows. */
export const PREFERENCES_TEXT = {
  title: 'Notification Preferences',
  description: 'Get an e-mail when a service goes down or comes back up.',
  emailPlaceholder: 'you@example.com',
  emailNeeded: 'Enter an e-mail address to save',
  noServices: 'No services to be notified about yet.',
  loadFailed: 'Could not load your preferences.',
  manageTemplates: 'Manage Templates',
} as const;
