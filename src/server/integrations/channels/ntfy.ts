import type { ChannelHttp, ChannelMessage, ChannelTarget } from './channel-http.ts';

/**
 * ntfy: JSON publishing, a POST to the server's root URL with the topic in the body (docs.ntfy.sh/publish,
 * "Publish as JSON"). Priority 5 (max) for down, 3 (default) for up; the tags become emoji. An access token,
 * when set, goes as `Authorization: Bearer`.
 */
export async function sendNtfy(http: ChannelHttp, target: ChannelTarget, message: ChannelMessage): Promise<void> {
  const token = target.secrets.token;
  await http.post({
    system: 'ntfy',
    url: target.settings.serverUrl ?? '',
    body: {
      topic: target.settings.topic,
      title: message.title,
      message: message.text,
      priority: message.isUp ? 3 : 5,
      tags: [message.isUp ? 'white_check_mark' : 'rotating_light'],
    },
    headers: token ? { authorization: `Bearer ${token}` } : {},
    secrets: [token],
  });
}
