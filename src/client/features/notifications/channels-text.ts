import type { ChannelKind } from '#shared/schemas/notification-channels';

/** Texts of the Channels and Game & media tabs of the Notification Preferences dialog. */
export const CHANNELS_TEXT = {
  tabEmail: 'E-mail',
  tabChannels: 'Channels',
  tabSubjects: 'Game & media',
  channelsIntro:
    'Your alerts also go to these channels, for every service enabled in the E-mail tab and every game server or media server you follow.',
  noChannels: 'No channels yet.',
  loadFailed: 'Could not load your channels.',
  addTitle: 'Add a channel',
  editTitle: (name: string) => `Edit ${name}`,
  edit: 'Edit',
  editLabel: (name: string) => `Edit channel ${name}`,
  save: 'Save',
  saved: 'Channel saved',
  cancel: 'Cancel',
  secretKept: 'Saved (hidden): leave empty to keep',
  /** A stored secret's placeholder once the channel's address differs from the saved one. */
  secretAgain: 'Enter again for the new address',
  name: 'Name',
  namePlaceholder: 'My phone',
  kind: 'Kind',
  add: 'Add channel',
  added: 'Channel added',
  addFailed: 'Could not add the channel',
  saveFailed: 'Could not save the channel',
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteDescription: 'Alerts waiting for this channel are dropped.',
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete channel ${name}`,
  enabledLabel: (name: string) => `Channel ${name} enabled`,
  sendTest: 'Send test',
  sendTestLabel: (name: string) => `Send test to ${name}`,
  testFailedTitle: 'Test notification failed',
  secretSet: 'Saved (hidden)',
  subjectsIntro: (email: string | null) =>
    email
      ? `When one of these goes down or comes back up, you get an e-mail at ${email} and an alert on your channels.`
      : 'When one of these goes down or comes back up, you get an alert on your channels.',
  noEmailForSubjects: 'Your account has no e-mail address, so these alerts go to your channels only.',
  nowhereForSubjects:
    'Your account has no e-mail address and you have no channels yet: add a channel, or ask an administrator to add an address to your account.',
  subjectsLoadFailed: 'Could not load game servers and the media server.',
  subjectLabel: (name: string) => `Alerts for ${name}`,
  subjectSaved: 'Preferences updated',
} as const;

/** One input of a kind's form: a visible setting or a write-only secret. */
export interface ChannelField {
  key: string;
  label: string;
  placeholder: string;
  secret: boolean;
  optional?: boolean;
  defaultValue?: string;
}

/** Each kind's name and fields, in the order shown. */
export const CHANNEL_KIND_FORMS: Record<ChannelKind, { label: string; short: string; fields: ChannelField[] }> = {
  webhook: {
    short: 'Webhook',
    label: 'Webhook (signed JSON)',
    fields: [
      { key: 'url', label: 'URL', placeholder: 'https://example.com/hooks/homelab', secret: false },
      { key: 'secret', label: 'Signing secret', placeholder: 'A long random string', secret: true },
    ],
  },
  ntfy: {
    short: 'ntfy',
    label: 'ntfy',
    fields: [
      {
        key: 'serverUrl',
        label: 'Server URL',
        placeholder: 'https://ntfy.sh',
        secret: false,
        defaultValue: 'https://ntfy.sh',
      },
      { key: 'topic', label: 'Topic', placeholder: 'homelab-alerts', secret: false },
      { key: 'token', label: 'Access token (optional)', placeholder: 'tk_…', secret: true, optional: true },
    ],
  },
  gotify: {
    short: 'Gotify',
    label: 'Gotify',
    fields: [
      { key: 'serverUrl', label: 'Server URL', placeholder: 'https://gotify.example.com', secret: false },
      { key: 'token', label: 'Application token', placeholder: 'A…', secret: true },
    ],
  },
  discord: {
    short: 'Discord',
    label: 'Discord webhook',
    fields: [
      { key: 'webhookUrl', label: 'Webhook URL', placeholder: 'https://discord.com/api/webhooks/…', secret: true },
    ],
  },
  slack: {
    short: 'Slack',
    label: 'Slack-compatible webhook',
    fields: [
      { key: 'webhookUrl', label: 'Webhook URL', placeholder: 'https://hooks.slack.com/services/…', secret: true },
    ],
  },
  telegram: {
    short: 'Telegram',
    label: 'Telegram bot',
    fields: [
      { key: 'botToken', label: 'Bot token', placeholder: '123456789:AA…', secret: true },
      { key: 'chatId', label: 'Chat ID', placeholder: '123456789 or @channel', secret: false },
      {
        key: 'apiUrl',
        label: 'Bot API URL',
        placeholder: 'https://api.telegram.org',
        secret: false,
        defaultValue: 'https://api.telegram.org',
      },
    ],
  },
};
