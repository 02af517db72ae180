/** Texts of the Notification Preferences dialog that only the browser shows. */
export const PREFERENCES_TEXT = {
  title: 'Notification Preferences',
  description: 'Get told when a service, game server or the media server goes down or comes back up.',
  emailPlaceholder: 'you@example.com',
  emailNeeded: 'Enter an e-mail address to save',
  noServices: 'No services to be notified about yet.',
  loadFailed: 'Could not load your preferences.',
  manageTemplates: 'Manage Templates',
  sendTest: (serviceName: string) => `Send test e-mail for ${serviceName}`,
  sendTestHint: (email: string) => `Send a test e-mail to ${email}`,
  saveBeforeTest: 'Save the new address before sending a test',
  testSentTo: (email: string) => `Sent to ${email}`,
  enableAll: 'Enable all',
  enableAllHint: (email: string) => `Notify ${email} about every service that has no address yet`,
  enabledAll: (count: number) => `Notifications enabled for ${count} ${count === 1 ? 'service' : 'services'}.`,
} as const;
