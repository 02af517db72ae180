import type { ChannelKind } from '#shared/schemas/notification-channels';
import type { ChannelHttp, ChannelMessage, ChannelTarget } from './channel-http.ts';
import { sendDiscord } from './discord.ts';
import { sendGotify } from './gotify.ts';
import { sendNtfy } from './ntfy.ts';
import { sendSlack } from './slack.ts';
import { sendTelegram } from './telegram.ts';
import { sendWebhook } from './webhook.ts';

export type ChannelSend = (http: ChannelHttp, target: ChannelTarget, message: ChannelMessage) => Promise<void>;

/** One sender per kind; each throws an IntegrationError (secrets redacted) when the alert did not go out. */
export const CHANNEL_SENDERS: Record<ChannelKind, ChannelSend> = {
  webhook: sendWebhook,
  ntfy: sendNtfy,
  gotify: sendGotify,
  discord: sendDiscord,
  slack: sendSlack,
  telegram: sendTelegram,
};

/** Every URL a channel of this kind connects to (checked against the outbound policy when saved). */
export function channelUrls(target: ChannelTarget): string[] {
  return [target.settings.url, target.settings.serverUrl, target.settings.apiUrl, target.secrets.webhookUrl].filter(
    (url): url is string => Boolean(url),
  );
}
