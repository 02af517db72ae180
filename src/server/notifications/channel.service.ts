import type { z } from 'zod';
import {
  CHANNEL_ADDRESS_FIELDS,
  CHANNEL_MSG,
  CHANNEL_SECRET_FIELDS,
  CHANNEL_SECRET_LABELS,
  channelSecretsSchemas,
  channelSettingsSchemas,
  MAX_CHANNELS_PER_USER,
  type ChannelKind,
  type CreateChannelBody,
  type PatchChannelBody,
} from '#shared/schemas/notification-channels';
import type { ChannelHttp } from '../integrations/channels/channel-http.ts';
import { secretsToReenter } from '../lib/secret-binding.ts';
import { CHANNEL_SENDERS, channelUrls } from '../integrations/channels/channel-senders.ts';
import type { User } from '../repositories/users.repository.ts';
import { AppError } from '../services/app-error.ts';
import type { Clock } from '../services/clock.ts';
import { iso } from '../services/clock.ts';
import { RateLimiter, throwIfLimited, type RateLimitRule } from '../services/rate-limiter.ts';
import { channelMessage, testPayload, type AlertSite } from './channel-alert.ts';
import { failureText } from './channel-outbox.ts';
import type { ChannelsRepository, NotificationChannel } from '../repositories/channels.repository.ts';

/** "Send test" per user: each test is a request to a URL the user typed, so it must not become a cannon. */
export const CHANNEL_TEST_LIMIT: RateLimitRule = { limit: 5, windowMs: 10 * 60_000 };

export interface ChannelServiceDeps {
  channels: ChannelsRepository;
  http: ChannelHttp;
  clock: Clock;
  site: () => Promise<AlertSite>;
}

function parseOr400<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new AppError('bad_request', `${where}${issue?.message ?? 'invalid'}`);
}

/**
 * A stored secret is only sent to the address it was saved with (lib/secret-binding.ts): a PATCH that moves the
 * channel (its URL, server or Bot API URL) must give its stored secrets again, or whoever holds the session could
 * point the channel at a server of their own and receive the token with the next alert (400).
 */
function refuseCarriedSecrets(
  channel: NotificationChannel,
  next: { settings: Record<string, string>; secrets: Record<string, string> },
  givenSecrets: Record<string, string>,
): void {
  const binding = {
    addressFields: CHANNEL_ADDRESS_FIELDS[channel.kind],
    secretFields: CHANNEL_SECRET_FIELDS[channel.kind],
  };
  const valuesOf = (values: { settings: Record<string, string>; secrets: Record<string, string> }) => {
    const all: Record<string, string | null> = {};
    for (const field of [...binding.addressFields, ...binding.secretFields]) {
      all[field] = values.settings[field] ?? values.secrets[field] ?? null;
    }
    return all;
  };
  const [carried] = secretsToReenter(binding, valuesOf(channel), valuesOf(next), givenSecrets);
  if (carried === undefined) return;
  const labels: Readonly<Record<string, string>> = CHANNEL_SECRET_LABELS[channel.kind];
  throw new AppError('bad_request', CHANNEL_MSG.secretAgain(labels[carried] ?? carried));
}

/**
 * Each approved user's own alert channels. Every query is scoped to the caller, and another user's channel
 * answers 404 like a missing one. Secrets are write-only: stored, used to send, never presented or logged.
 */
export class ChannelService {
  readonly #tests: RateLimiter;

  constructor(private readonly deps: ChannelServiceDeps) {
    this.#tests = new RateLimiter(CHANNEL_TEST_LIMIT, () => deps.clock.now().getTime());
  }

  list(viewer: User): Promise<NotificationChannel[]> {
    return this.deps.channels.listForUser(viewer.id);
  }

  async create(viewer: User, body: CreateChannelBody): Promise<NotificationChannel> {
    const values = this.#checked(body.kind, body.settings, body.secrets);
    const created = await this.deps.channels.insertCapped(
      viewer.id,
      { name: body.name, kind: body.kind, enabled: body.enabled ?? true, ...values },
      MAX_CHANNELS_PER_USER,
      iso(this.deps.clock.now()),
    );
    if (!created) throw new AppError('conflict', CHANNEL_MSG.tooMany);
    return created;
  }

  async update(viewer: User, id: number, patch: PatchChannelBody): Promise<NotificationChannel> {
    const channel = await this.#owned(viewer, id);
    // A secret given as '' is removed (the optional ntfy token); omitted ones are kept.
    const secrets: Record<string, string> = { ...channel.secrets };
    for (const [key, value] of Object.entries(patch.secrets ?? {})) {
      if (value.trim() === '') delete secrets[key];
      else secrets[key] = value;
    }
    const values = this.#checked(channel.kind, patch.settings ?? channel.settings, secrets);
    refuseCarriedSecrets(channel, values, patch.secrets ?? {});
    const updated = await this.deps.channels.update(
      id,
      viewer.id,
      { name: patch.name ?? channel.name, enabled: patch.enabled ?? channel.enabled, ...values },
      iso(this.deps.clock.now()),
    );
    if (!updated) throw new AppError('not_found', CHANNEL_MSG.notFound);
    return updated;
  }

  async delete(viewer: User, id: number): Promise<void> {
    if (!(await this.deps.channels.delete(id, viewer.id))) throw new AppError('not_found', CHANNEL_MSG.notFound);
  }

  /** Sends a test alert at once (the dialog shows the outcome): 502 with the channel's redacted reason on failure. */
  async sendTest(viewer: User, id: number): Promise<void> {
    const channel = await this.#owned(viewer, id);
    const key = String(viewer.id);
    throwIfLimited(CHANNEL_MSG.tooManyTests, this.#tests.retryAfter(key));
    this.#tests.hit(key);
    const message = channelMessage(testPayload(this.deps.clock.now(), await this.deps.site()));
    try {
      await CHANNEL_SENDERS[channel.kind](this.deps.http, channel, message);
    } catch (error) {
      throw new AppError('bad_gateway', `${CHANNEL_MSG.testFailed}: ${failureText(error)}`);
    }
  }

  async #owned(viewer: User, id: number): Promise<NotificationChannel> {
    const channel = await this.deps.channels.findOwned(id, viewer.id);
    if (!channel) throw new AppError('not_found', CHANNEL_MSG.notFound);
    return channel;
  }

  /** The kind's settings and secrets validated, and every literal address in them allowed by the policy. */
  #checked(
    kind: ChannelKind,
    settingsInput: unknown,
    secretsInput: unknown,
  ): { settings: Record<string, string>; secrets: Record<string, string> } {
    const settings = parseOr400<Record<string, string>>(
      channelSettingsSchemas[kind] as z.ZodType<Record<string, string>>,
      settingsInput,
    );
    const secrets = parseOr400<Record<string, string>>(
      channelSecretsSchemas[kind] as z.ZodType<Record<string, string>>,
      secretsInput,
    );
    for (const url of channelUrls({ settings, secrets })) {
      if (!this.deps.http.allowsLiteral(url)) throw new AppError('bad_request', CHANNEL_MSG.addressRefused);
    }
    return { settings, secrets };
  }
}
