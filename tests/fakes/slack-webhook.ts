import { startChannelReceiver, type ChannelReceiver, type FakeAnswer } from './channel-receiver.ts';

const text = (status: number, body: string): FakeAnswer => ({ status, body, contentType: 'text/html' });

/**
 * A Slack incoming webhook: `POST /services/T…/B…/…` with JSON `{text}`; answers 200 `ok` as text, 400
 * `invalid_payload` or `no_text`, 403 `invalid_token`, 404 `no_service` for an unknown URL.
 */
export async function startSlackWebhook(): Promise<ChannelReceiver & { webhookUrl: string }> {
  const path = '/services/T0000000/B0000000/SlAcKsEcReTtOkEn1234567';
  const receiver = await startChannelReceiver((request) => {
    if (request.method !== 'POST') return text(405, 'invalid_method');
    if (!request.url.startsWith('/services/')) return text(404, 'no_service');
    if (request.url !== path) return text(403, 'invalid_token');
    if (request.json === undefined) return text(400, 'invalid_payload');
    const body = request.json as { text?: unknown };
    if (typeof body.text !== 'string' || body.text === '') return text(400, 'no_text');
    return text(200, 'ok');
  });
  return { ...receiver, webhookUrl: `${receiver.baseUrl}${path}` };
}
