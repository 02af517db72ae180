import type { ChannelHttp, ChannelMessage, ChannelTarget } from './channel-http.ts';

/** Discord refuses message content longer than this. */
const MAX_CONTENT = 2000;

/**
 * Discord "Execute Webhook": `POST /webhooks/{id}/{token}` with `content`; it answers 204 without `?wait=true`.
 * `allowed_mentions: {parse: []}` keeps a service named "@everyone" from pinging a whole server.
 */
export async function sendDiscord(http: ChannelHttp, target: ChannelTarget, message: ChannelMessage): Promise<void> {
  const url = target.secrets.webhookUrl ?? '';
  const content = `${message.isUp ? '✅' : '🔴'} **${message.title}**\n${message.text}`.slice(0, MAX_CONTENT);
  await http.post({
    system: 'Discord',
    url,
    body: { content, allowed_mentions: { parse: [] } },
    secrets: [url, new URL(url).pathname],
  });
}
