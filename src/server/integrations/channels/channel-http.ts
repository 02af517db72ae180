import { z } from 'zod';
import type { AddressPolicy } from '../../http/ip-policy.ts';
import { literalAddress } from '../../monitor/metadata-targets.ts';
import { JsonClient } from '../http/json-client.ts';

/** What every channel kind sends: a title and text for people, and the JSON alert for machines (webhook). */
export interface ChannelMessage {
  title: string;
  text: string;
  /** The new status: true for up (kinds pick a priority or an emoji from it). */
  isUp: boolean;
  /** The webhook body, documented in README ("Alert webhooks"). */
  payload: Record<string, unknown>;
}

/** A channel's stored values: visible settings and write-only secrets. */
export interface ChannelTarget {
  settings: Record<string, string>;
  secrets: Record<string, string | undefined>;
}

export interface ChannelPost {
  /** A name for error messages ('ntfy', 'Discord' ...). */
  system: string;
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  /** Values never to appear in an error message. */
  secrets: readonly (string | undefined)[];
  /** Statuses outside 2xx whose answer the kind reads itself (Telegram explains its refusals in JSON). */
  acceptStatuses?: readonly number[];
}

const SEND_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Posts alerts to URLs users typed, through the shared JSON client: every address the connection uses is checked
 * by the outbound address policy (the one image-from-URL uses), redirects are refused, the answer is capped, and
 * secrets are redacted from every error message.
 */
export class ChannelHttp {
  constructor(
    private readonly policy: AddressPolicy,
    private readonly timeoutMs = SEND_TIMEOUT_MS,
  ) {}

  /** True when an IP literal in the URL is allowed (names are checked when resolved, at send time). */
  allowsLiteral(url: string): boolean {
    const literal = literalAddress(new URL(url).hostname);
    return literal === null || this.policy(literal);
  }

  /** Sends one JSON POST and returns the answer as text; throws IntegrationError on any failure. */
  async post(request: ChannelPost): Promise<{ status: number; body: string }> {
    const url = new URL(request.url);
    const secrets = request.secrets.filter((secret): secret is string => Boolean(secret));
    const client = new JsonClient({
      system: request.system,
      baseUrl: url.origin,
      timeoutMs: this.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      headers: { 'user-agent': 'HomelabDashboard/1.0' },
      secrets: () => secrets,
      guard: {
        allows: (address) => this.policy(address),
        refusal: (host) => `${host} resolves to an address that is not allowed`,
      },
    });
    try {
      const answer = await client.requestText(
        // './' keeps a first segment with a colon (Telegram's /bot<id>:<token>/) from reading as a URL scheme.
        { method: 'POST', path: `.${url.pathname}${url.search}`, body: request.body, headers: request.headers },
        request.acceptStatuses,
      );
      return { status: answer.status, body: answer.body };
    } finally {
      await client.close();
    }
  }
}

/** An answer some kinds parse: JSON when it is, else nothing. */
export function parseJsonAnswer<T>(schema: z.ZodType<T>, body: string): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `base` with `suffix` appended to its path (a server URL may carry a sub-path: https://host/ntfy). */
export function joinUrl(base: string, suffix: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${suffix.replace(/^\/+/, '')}`;
  return url.toString();
}
