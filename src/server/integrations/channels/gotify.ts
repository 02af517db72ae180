import { joinUrl, type ChannelHttp, type ChannelMessage, type ChannelTarget } from './channel-http.ts';

/**
 * Gotify: `POST /message` with the application token in the `X-Gotify-Key` header (not the query string, which
 * proxies log) and `{title, message, priority}`; 8 for down (high), 4 for up.
 */
export async function sendGotify(http: ChannelHttp, target: ChannelTarget, message: ChannelMessage): Promise<void> {
  const token = target.secrets.token ?? '';
  await http.post({
    system: 'Gotify',
    url: joinUrl(target.settings.serverUrl ?? '', 'message'),
    body: { title: message.title, message: message.text, priority: message.isUp ? 4 : 8 },
    headers: { 'x-gotify-key': token },
    secrets: [token],
  });
}
