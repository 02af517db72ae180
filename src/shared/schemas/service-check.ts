import { z } from 'zod';
import { SERVICE_MSG } from '../messages.ts';

/** The check a service URL's scheme selects (issue 16). */
export type CheckKind = 'http' | 'tcp' | 'tls' | 'dns' | 'push';

const SCHEMES: Record<string, CheckKind> = {
  'http:': 'http',
  'https:': 'http',
  'tcp:': 'tcp',
  'tls:': 'tls',
  'dns:': 'dns',
  'push:': 'push',
};

/** The check kind of a service URL; null when the URL names none. */
export function checkKindOf(url: string): CheckKind | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const kind = SCHEMES[parsed.protocol];
  if (!kind) return null;
  if (kind === 'http') return parsed.hostname === '' ? null : kind;
  if (kind === 'push') return kind;
  // tcp:// and tls:// name a host and a port; dns:// names the resolver, the port defaulting to 53.
  if (parsed.hostname === '' || (kind !== 'dns' && parsed.port === '')) return null;
  return kind;
}

/**
 * A service URL: http(s) as before, or `tcp://host:port`, `tls://host:port`, `dns://resolver[:port]`, `push://`.
 * Anything else gets SPEC's 'Please enter a valid URL'.
 */
export const serviceUrlField = z
  .string({ error: SERVICE_MSG.urlInvalid })
  .trim()
  .max(2048, SERVICE_MSG.urlInvalid)
  .refine((value) => checkKindOf(value) !== null, SERVICE_MSG.urlInvalid);

export const CHECK_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export const DNS_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT', 'SOA', 'PTR', 'SRV', 'CAA'] as const;
export type DnsType = (typeof DNS_TYPES)[number];

export const MAX_CONDITIONS = 20;
export const MAX_THRESHOLD = 10;

// An HTTP token (RFC 9110) for header names; values without control characters (no header injection).
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const HEADER_VALUE = /^[^\u0000-\u001f\u007f]*$/;
const FORBIDDEN_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'upgrade']);
// A DNS name: labels of letters, digits, hyphens and underscores (SRV names), with an optional final dot.
const DNS_NAME =
  /^(?=.{1,253}\.?$)([A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.?$/;

const thresholdField = (what: string) =>
  z
    .number({ error: `${what} must be a whole number from 1 to ${MAX_THRESHOLD}` })
    .int(`${what} must be a whole number from 1 to ${MAX_THRESHOLD}`)
    .min(1, `${what} must be a whole number from 1 to ${MAX_THRESHOLD}`)
    .max(MAX_THRESHOLD, `${what} must be a whole number from 1 to ${MAX_THRESHOLD}`);

/**
 * A service's optional check settings (POST/PUT /api/services `check`). Which apply depends on the URL's scheme;
 * the server refuses settings and conditions the scheme's check cannot use.
 */
export const checkSettings = z.strictObject({
  /** Gatus conditions, all of which must hold for the service to be up; none: the scheme's default check. */
  conditions: z
    .array(
      z
        .string({ error: 'Each condition must be text' })
        .trim()
        .min(1, 'A condition cannot be empty')
        .max(500, 'A condition must be at most 500 characters'),
      { error: 'Conditions must be a list' },
    )
    .max(MAX_CONDITIONS, `At most ${MAX_CONDITIONS} conditions`)
    .optional(),
  /** HTTP only. */
  method: z.enum(CHECK_METHODS, { error: `Method must be one of ${CHECK_METHODS.join(', ')}` }).optional(),
  headers: z
    .record(
      z.string().max(100),
      z
        .string({ error: 'Header values must be text' })
        .max(4096)
        .regex(HEADER_VALUE, 'Header values cannot hold line breaks'),
      { error: 'Headers must be an object of names and values' },
    )
    .refine((headers) => Object.keys(headers).length <= 30, 'At most 30 headers')
    .refine(
      (headers) => Object.keys(headers).every((name) => HEADER_NAME.test(name)),
      'Header names must be HTTP tokens',
    )
    .refine(
      (headers) => Object.keys(headers).every((name) => !FORBIDDEN_HEADERS.has(name.toLowerCase())),
      'Host, Content-Length, Transfer-Encoding, Connection and Upgrade cannot be set',
    )
    .optional(),
  body: z.string({ error: 'Body must be text' }).max(65_536, 'Body must be at most 64 KiB').optional(),
  /** DNS only: what to ask the resolver. */
  query: z
    .strictObject({
      name: z.string({ error: 'Query name is required' }).trim().regex(DNS_NAME, 'Query name must be a DNS name'),
      type: z.enum(DNS_TYPES, { error: `Query type must be one of ${DNS_TYPES.join(', ')}` }),
    })
    .optional(),
  /** TLS: accept a certificate that does not verify (self-signed); [CERTIFICATE_EXPIRATION] still reads it. */
  insecure: z.boolean({ error: 'insecure must be true or false' }).optional(),
  /** Consecutive failed checks before the service is marked down (default 1). */
  failureThreshold: thresholdField('Failure threshold').optional(),
  /** Consecutive successful checks before a down service is marked up again (default 1). */
  recoveryThreshold: thresholdField('Recovery threshold').optional(),
  /** Push only: seconds past the interval a push may be late before the service is down (default 60). */
  graceSeconds: z
    .number({ error: 'Grace must be a whole number of seconds up to one day' })
    .int('Grace must be a whole number of seconds up to one day')
    .min(0, 'Grace must be a whole number of seconds up to one day')
    .max(86_400, 'Grace must be a whole number of seconds up to one day')
    .optional(),
});
export type CheckSettings = z.infer<typeof checkSettings>;

/** The push URL of a push service: shown to administrators once, when made and when rotated. */
export const pushTokenWire = z.object({ pushUrl: z.string() });
export type PushTokenWire = z.infer<typeof pushTokenWire>;
