import { z } from 'zod';
import { idField } from './fields.ts';
import { secretAgainMessage, visibleText } from './secret-text.ts';

/** The kinds of alert channel besides e-mail (docs/decisions/0018-alert-channels.md). */
export const CHANNEL_KINDS = ['webhook', 'ntfy', 'gotify', 'discord', 'slack', 'telegram'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** At most this many channels per user: each status change costs one request per channel. */
export const MAX_CHANNELS_PER_USER = 10;

export const CHANNEL_MSG = {
  nameRequired: 'Channel name is required',
  nameTooLong: 'Channel name must be at most 100 characters',
  nameInvalid: 'Channel name may not contain control characters',
  kindInvalid: `Kind must be one of ${CHANNEL_KINDS.join(', ')}`,
  urlInvalid: 'Enter an http:// or https:// URL without a user name or password',
  urlTooLong: 'The URL must be at most 2000 characters',
  addressRefused: 'That address is not allowed',
  topicInvalid: 'Topic: 1 to 64 letters, digits, - or _',
  chatIdInvalid: 'Chat ID: a number, or @ followed by a channel name',
  secretRequired: 'This field is required',
  secretTooLong: 'At most 1000 characters',
  tokenInvalid: 'A token is letters, digits and punctuation, without spaces',
  notFound: 'Channel not found',
  tooMany: `At most ${MAX_CHANNELS_PER_USER} channels per user`,
  deleted: 'Channel deleted',
  testSent: 'Test notification sent',
  testFailed: 'Test notification failed',
  tooManyTests: 'Too many test notifications.',
  mediaServer: 'Media server',
  subjectNotFound: 'Not found',
  /** A PATCH that moves the channel's address and keeps its stored secret (issue 26). */
  secretAgain: secretAgainMessage,
} as const;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const nameField = z
  .string({ error: CHANNEL_MSG.nameRequired })
  .trim()
  .min(1, CHANNEL_MSG.nameRequired)
  .max(100, CHANNEL_MSG.nameTooLong)
  .refine((value) => !CONTROL.test(value), CHANNEL_MSG.nameInvalid);

/**
 * An http(s) URL a person typed; the server's outbound address policy checks where it points. No invisible
 * character: the URL parser drops some, so the text shown would not be where alerts go.
 */
export const channelUrlField = visibleText(
  z.string({ error: CHANNEL_MSG.urlInvalid }).trim().max(2000, CHANNEL_MSG.urlTooLong),
  'URL',
).refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}, CHANNEL_MSG.urlInvalid);

/** A write-only secret; `label` names it in the message refusing an invisible or control character. */
const secretField = (label: string) =>
  visibleText(
    z
      .string({ error: CHANNEL_MSG.secretRequired })
      .trim()
      .min(1, CHANNEL_MSG.secretRequired)
      .max(1000, CHANNEL_MSG.secretTooLong),
    label,
  );

/**
 * A token sent in a header or a URL path (ntfy, Gotify, Telegram): visible ASCII only. Invisible and control
 * characters are refused above; a character past Latin-1 made every send fail in the HTTP client, and a space or a
 * non-ASCII letter is never part of a real token, so it is refused when saved rather than at the first alert.
 */
const tokenField = (label: string) =>
  secretField(label).refine((value) => /^[\x21-\x7e]+$/.test(value), CHANNEL_MSG.tokenInvalid);

/** Each kind's visible settings and its write-only secrets (never returned, never logged). */
export const channelSettingsSchemas = {
  webhook: z.strictObject({ url: channelUrlField }),
  ntfy: z.strictObject({
    serverUrl: channelUrlField,
    topic: z.string({ error: CHANNEL_MSG.topicInvalid }).regex(/^[A-Za-z0-9_-]{1,64}$/, CHANNEL_MSG.topicInvalid),
  }),
  gotify: z.strictObject({ serverUrl: channelUrlField }),
  discord: z.strictObject({}),
  slack: z.strictObject({}),
  telegram: z.strictObject({
    apiUrl: channelUrlField,
    chatId: z
      .string({ error: CHANNEL_MSG.chatIdInvalid })
      .regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, CHANNEL_MSG.chatIdInvalid),
  }),
} as const;

/** Each secret's name in messages ('Enter the Gotify application token again: ...'). */
export const CHANNEL_SECRET_LABELS = {
  webhook: { secret: 'webhook signing secret' },
  ntfy: { token: 'ntfy access token' },
  gotify: { token: 'Gotify application token' },
  discord: { webhookUrl: 'Discord webhook URL' },
  slack: { webhookUrl: 'Slack webhook URL' },
  telegram: { botToken: 'Telegram bot token' },
} as const satisfies Record<ChannelKind, Record<string, string>>;

export const channelSecretsSchemas = {
  /** The HMAC-SHA256 key of X-Homelab-Signature. */
  webhook: z.strictObject({ secret: secretField(CHANNEL_SECRET_LABELS.webhook.secret) }),
  /** An ntfy access token (optional: public topics need none). */
  ntfy: z.strictObject({ token: tokenField(CHANNEL_SECRET_LABELS.ntfy.token).optional() }),
  /** A Gotify application token. */
  gotify: z.strictObject({ token: tokenField(CHANNEL_SECRET_LABELS.gotify.token) }),
  /** Discord's and Slack's webhook URLs carry their own token, so the whole URL is a secret. */
  discord: z.strictObject({ webhookUrl: channelUrlField }),
  slack: z.strictObject({ webhookUrl: channelUrlField }),
  telegram: z.strictObject({ botToken: tokenField(CHANNEL_SECRET_LABELS.telegram.botToken) }),
} as const;

export type ChannelSettings<K extends ChannelKind> = z.infer<(typeof channelSettingsSchemas)[K]>;
export type ChannelSecrets<K extends ChannelKind> = z.infer<(typeof channelSecretsSchemas)[K]>;

/** The secret fields of each kind, in the order the dialog shows them. */
export const CHANNEL_SECRET_FIELDS: Record<ChannelKind, readonly string[]> = {
  webhook: ['secret'],
  ntfy: ['token'],
  gotify: ['token'],
  discord: ['webhookUrl'],
  slack: ['webhookUrl'],
  telegram: ['botToken'],
};

/**
 * The settings that say where each kind's secrets go: a PATCH that changes one must give the stored secrets again
 * (a saved secret is only sent to the address it was saved with). Discord's and Slack's secret is the address
 * itself, so there is nothing to bind.
 */
export const CHANNEL_ADDRESS_FIELDS: Record<ChannelKind, readonly string[]> = {
  webhook: ['url'],
  ntfy: ['serverUrl'],
  gotify: ['serverUrl'],
  discord: [],
  slack: [],
  telegram: ['apiUrl'],
};

const createBase = { name: nameField, enabled: z.boolean({ error: 'enabled must be true or false' }).optional() };

function channelVariant<K extends ChannelKind>(kind: K) {
  return z.strictObject({
    ...createBase,
    kind: z.literal(kind),
    settings: channelSettingsSchemas[kind],
    secrets: channelSecretsSchemas[kind],
  });
}

/** POST /api/notification-channels: one of the kinds with its settings and secrets. */
export const createChannelBody = z.discriminatedUnion(
  'kind',
  [
    channelVariant('webhook'),
    channelVariant('ntfy'),
    channelVariant('gotify'),
    channelVariant('discord'),
    channelVariant('slack'),
    channelVariant('telegram'),
  ],
  { error: CHANNEL_MSG.kindInvalid },
);
export type CreateChannelBody = z.infer<typeof createChannelBody>;

/**
 * PATCH /api/notification-channels/{id}: the kind stays; `settings` replaces the visible ones (checked against the
 * channel's kind), `secrets` replaces only the fields it names (omitted ones are kept: the dialog never has them).
 */
export const patchChannelBody = z.strictObject({
  name: nameField.optional(),
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  settings: z.record(z.string(), z.string()).optional(),
  secrets: z.record(z.string(), z.string()).optional(),
});
export type PatchChannelBody = z.infer<typeof patchChannelBody>;

/** A channel as its owner sees it: secrets only as the names of those that are set. */
export const channelWire = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  enabled: z.boolean(),
  settings: z.record(z.string(), z.string()),
  secretsSet: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChannelWire = z.infer<typeof channelWire>;

/** What can be subscribed to besides services. */
export const ALERT_SUBJECT_KINDS = ['game_server', 'media'] as const;
export type AlertSubjectKind = (typeof ALERT_SUBJECT_KINDS)[number];

/** One subscribable subject with the caller's choice (GET /api/notification-subscriptions). */
export const subscriptionWire = z.object({
  subjectKind: z.enum(ALERT_SUBJECT_KINDS),
  subjectId: z.number(),
  name: z.string(),
  enabled: z.boolean(),
});
export type SubscriptionWire = z.infer<typeof subscriptionWire>;

/** POST /api/notification-subscriptions: the media server's subjectId is 0. */
export const upsertSubscriptionBody = z.strictObject({
  subjectKind: z.enum(ALERT_SUBJECT_KINDS, { error: `subjectKind must be one of ${ALERT_SUBJECT_KINDS.join(', ')}` }),
  subjectId: z.union([z.literal(0), idField]),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type UpsertSubscriptionBody = z.infer<typeof upsertSubscriptionBody>;
