import type { ChannelHttp, ChannelMessage, ChannelTarget } from './channel-http.ts';

/**
 * Slack's three control characters as its entities (api.slack.com, "Escaping text"): a service named `<!channel>`
 * or `<https://evil|Bank>` would otherwise notify the whole channel or render a disguised link.
 */
export function escapeSlack(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * Slack incoming webhook (and compatible ones: Mattermost, Rocket.Chat): `POST` of `{text}` as JSON; Slack answers
 * 200 `ok`, and 4xx with a reason such as `invalid_payload` or `no_text`.
 */
export async function sendSlack(http: ChannelHttp, target: ChannelTarget, message: ChannelMessage): Promise<void> {
  const url = target.secrets.webhookUrl ?? '';
  await http.post({
    system: 'Slack',
    url,
    body: {
      text: `${message.isUp ? ':white_check_mark:' : ':red_circle:'} *${escapeSlack(message.title)}*\n${escapeSlack(message.text)}`,
    },
    secrets: [url, new URL(url).pathname],
  });
}
