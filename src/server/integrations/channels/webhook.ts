import { createHmac } from 'node:crypto';
import type { ChannelHttp, ChannelMessage, ChannelTarget } from './channel-http.ts';

/** The signature header: `sha256=` and the hex HMAC-SHA256 of the raw body with the channel's secret. */
export const SIGNATURE_HEADER = 'x-homelab-signature';

export function webhookSignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/**
 * Generic webhook: POSTs the alert as JSON, signed so the receiver can tell it came from this dashboard
 * (README "Alert webhooks" documents the payload and how to verify the signature).
 */
export async function sendWebhook(http: ChannelHttp, target: ChannelTarget, message: ChannelMessage): Promise<void> {
  const secret = target.secrets.secret ?? '';
  const url = target.settings.url ?? '';
  const { pathname, search } = new URL(url);
  // The JSON client sends JSON.stringify(body): the same bytes as signed here.
  const raw = JSON.stringify(message.payload);
  await http.post({
    system: 'Webhook',
    url,
    body: message.payload,
    headers: { [SIGNATURE_HEADER]: webhookSignature(secret, raw), 'x-homelab-event': String(message.payload.event) },
    // A webhook's path often is its credential (Home Assistant's /api/webhook/<id>): kept out of errors too.
    secrets: [secret, `${pathname}${search}`],
  });
}
