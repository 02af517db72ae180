import { json, startChannelReceiver, type ChannelReceiver } from './channel-receiver.ts';

/**
 * The Telegram Bot API's `sendMessage` (core.telegram.org/bots/api): `POST /bot<token>/sendMessage` with
 * `{chat_id, text}`; every answer is `{ok, ...}`: `{ok: true, result: Message}`, or `{ok: false, error_code,
 * description}` (401 Unauthorized for a wrong token, 400 "Bad Request: chat not found" for an unknown chat).
 */
export async function startTelegramBotApi(token: string, chatIds: readonly string[]): Promise<ChannelReceiver> {
  let next = 0;
  return startChannelReceiver((request) => {
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(request.url);
    if (request.method !== 'POST' || !match) return json(404, { ok: false, error_code: 404, description: 'Not Found' });
    if (decodeURIComponent(match[1] ?? '') !== token)
      return json(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const body = request.json as { chat_id?: unknown; text?: unknown };
    if (!chatIds.includes(String(body?.chat_id))) {
      return json(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
    }
    if (typeof body.text !== 'string' || body.text === '') {
      return json(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
    }
    next += 1;
    return json(200, {
      ok: true,
      result: {
        message_id: next,
        date: 1_900_000_000,
        chat: { id: Number(body.chat_id), type: 'private' },
        text: body.text,
      },
    });
  });
}
