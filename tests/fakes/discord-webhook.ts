import { json, startChannelReceiver, type ChannelReceiver } from './channel-receiver.ts';

/**
 * Discord's "Execute Webhook": `POST /api/webhooks/{id}/{token}` with `content` (at most 2000 characters);
 * 204 without `?wait=true`; a wrong token is 401 `{"message": "Invalid Webhook Token", "code": 50027}`, an empty
 * message 400 `{"message": "Cannot send an empty message", "code": 50006}`.
 */
export async function startDiscordWebhook(): Promise<ChannelReceiver & { webhookUrl: string }> {
  const id = '112233445566778899';
  const token = 'dIsCoRd-ToKeN_abcdefghijklmnopqrstuvwxyz0123456789';
  const receiver = await startChannelReceiver((request) => {
    const url = new URL(request.url, 'http://fake');
    if (request.method !== 'POST' || !url.pathname.startsWith('/api/webhooks/'))
      return json(404, { message: '404: Not Found', code: 0 });
    if (url.pathname !== `/api/webhooks/${id}/${token}`)
      return json(401, { message: 'Invalid Webhook Token', code: 50027 });
    const body = request.json as { content?: unknown };
    if (typeof body?.content !== 'string' || body.content === '') {
      return json(400, { message: 'Cannot send an empty message', code: 50006 });
    }
    if (body.content.length > 2000) return json(400, { message: 'Invalid Form Body', code: 50035 });
    return { status: 204, body: '' };
  });
  return { ...receiver, webhookUrl: `${receiver.baseUrl}/api/webhooks/${id}/${token}` };
}
