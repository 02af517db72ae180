import { z } from 'zod';
import { IntegrationError } from '../http/json-client.ts';
import { joinUrl, parseJsonAnswer, type ChannelHttp, type ChannelMessage, type ChannelTarget } from './channel-http.ts';

const answer = z.object({ ok: z.boolean(), description: z.string().optional() });

/**
 * Telegram Bot API `sendMessage`: `POST {apiUrl}/bot<token>/sendMessage` with `{chat_id, text}`, plain text (no
 * parse_mode, so names cannot inject markup). Every answer is `{ok, ...}`; a refusal carries `description`.
 */
export async function sendTelegram(http: ChannelHttp, target: ChannelTarget, message: ChannelMessage): Promise<void> {
  const token = target.secrets.botToken ?? '';
  const result = await http.post({
    system: 'Telegram',
    url: joinUrl(target.settings.apiUrl ?? '', `bot${token}/sendMessage`),
    body: { chat_id: target.settings.chatId, text: `${message.title}\n${message.text}`.slice(0, 4096) },
    secrets: [token],
    // Telegram explains 4xx refusals (wrong chat, bot blocked) in the JSON answer.
    acceptStatuses: [400, 401, 403, 404],
  });
  const parsed = parseJsonAnswer(answer, result.body);
  if (!parsed?.ok) {
    const reason = parsed?.description ?? `HTTP ${result.status}`;
    throw new IntegrationError(
      'Telegram',
      'refused',
      `Telegram: ${reason.replaceAll(token, '[redacted]')}`,
      result.status,
    );
  }
}
