import { createHmac, timingSafeEqual } from 'node:crypto';
import { startChannelReceiver, type ChannelReceiver, type ReceivedRequest } from './channel-receiver.ts';

/**
 * A generic webhook receiver as README "Alert webhooks" tells people to write one: POST only, answers 204, and
 * `verify` checks `X-Homelab-Signature: sha256=<hex HMAC-SHA256 of the raw body>` with the shared secret.
 */
export async function startWebhookReceiver(): Promise<ChannelReceiver & { path: string }> {
  const path = '/hooks/homelab';
  const receiver = await startChannelReceiver((request) =>
    request.method === 'POST' && request.url === path ? { status: 204, body: '' } : { status: 404, body: '' },
  );
  return { ...receiver, path };
}

/** True when the request carries a valid signature of its raw body with `secret`. */
export function verifySignature(request: ReceivedRequest, secret: string): boolean {
  const header = request.headers['x-homelab-signature'];
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(request.raw).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
