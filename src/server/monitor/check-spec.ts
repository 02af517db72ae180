import { checkKindOf, type CheckKind, type CheckSettings, type DnsType } from '#shared/schemas/service-check';
import { literalAddress } from '../lib/address-policy.ts';
import {
  ConditionSyntaxError,
  parseCondition,
  placeholderOf,
  type Condition,
  type Placeholder,
} from './conditions/parse.ts';

/** The placeholders each check kind produces: a condition reading another one is refused when saved. */
const PRODUCES: Record<CheckKind, readonly Placeholder[]> = {
  // [CERTIFICATE_EXPIRATION] needs an https:// URL (see checkProblem); both are read from the answer's connection.
  http: ['STATUS', 'RESPONSE_TIME', 'BODY', 'CONNECTED', 'IP', 'CERTIFICATE_EXPIRATION'],
  tcp: ['CONNECTED', 'RESPONSE_TIME', 'IP'],
  tls: ['CONNECTED', 'RESPONSE_TIME', 'CERTIFICATE_EXPIRATION', 'IP'],
  dns: ['DNS_RCODE', 'RESPONSE_TIME', 'IP', 'CONNECTED'],
  push: [],
};

/** The placeholders read from the connection an HTTP answer came on (http-peer.ts), not from the answer. */
const PEER_PLACEHOLDERS: readonly Placeholder[] = ['IP', 'CERTIFICATE_EXPIRATION'];

/** The settings each kind takes besides conditions and thresholds. */
const ONLY_FOR: Partial<Record<keyof CheckSettings, readonly CheckKind[]>> = {
  method: ['http'],
  headers: ['http'],
  body: ['http'],
  query: ['dns'],
  insecure: ['tls'],
  graceSeconds: ['push'],
};

export const DEFAULT_GRACE_SECONDS = 60;

/** A service's check, compiled once per service change: the monitor reads it at every check. */
export interface CheckSpec {
  kind: CheckKind;
  conditions: Condition[];
  /** True when a condition reads [BODY]: only then is an HTTP body kept (up to the cap). */
  needsBody: boolean;
  /** True when a condition reads [IP] or [CERTIFICATE_EXPIRATION]: only then is an HTTP answer's connection read. */
  needsPeer: boolean;
  failureThreshold: number;
  recoveryThreshold: number;
  method: string;
  headers: Record<string, string>;
  body: string | null;
  insecure: boolean;
  query: { name: string; type: DnsType } | null;
  /** Push: ms after a push before the service is down (the interval plus the grace). */
  graceMs: number;
  /** Why the stored settings cannot be checked (written around the API's validation); the check fails with it. */
  invalid: string | null;
}

/** Why these settings cannot go with this URL (a 400's message), or null when they can. */
export function checkProblem(url: string, settings: CheckSettings | null): string | null {
  const kind = checkKindOf(url);
  if (!kind) return 'Please enter a valid URL';
  // The resolver is asked directly over UDP: an address, not a name that itself needs resolving.
  if (kind === 'dns' && literalAddress(new URL(url).hostname) === null) {
    return 'A dns:// service names its resolver by IP address, e.g. dns://192.168.1.1';
  }
  if (kind === 'dns' && !settings?.query) return 'A dns:// service needs a query (name and type) in its check';
  if (!settings) return null;
  for (const [field, kinds] of Object.entries(ONLY_FOR)) {
    if (settings[field as keyof CheckSettings] !== undefined && !kinds.includes(kind)) {
      return `The check setting ${field} does not apply to ${kind} checks`;
    }
  }
  if (kind === 'push' && settings.conditions && settings.conditions.length > 0) {
    return 'Push checks take no conditions';
  }
  for (const [index, text] of (settings.conditions ?? []).entries()) {
    let condition: Condition;
    try {
      condition = parseCondition(text);
    } catch (error) {
      if (error instanceof ConditionSyntaxError) return `Condition ${index + 1}: ${error.message}`;
      throw error;
    }
    const placeholder = placeholderOf(condition);
    if (!PRODUCES[kind].includes(placeholder)) {
      return `Condition ${index + 1}: [${placeholder}] is not available in ${kind} checks`;
    }
    // A plain http:// answer has no certificate (one reached through a redirect to https:// would, but the
    // condition would then hold or fail by where the redirect leads): refused as a mistake.
    if (placeholder === 'CERTIFICATE_EXPIRATION' && new URL(url).protocol === 'http:') {
      return `Condition ${index + 1}: [CERTIFICATE_EXPIRATION] needs an https:// URL`;
    }
  }
  return null;
}

/**
 * Compiles a stored service's check; the settings were validated when saved (checkProblem). `intervalMs` and
 * `msPerSecond` are the monitor's (tests run seconds fast).
 */
export function compileCheck(
  url: string,
  settings: CheckSettings | null,
  intervalMs: number,
  msPerSecond = 1000,
): CheckSpec {
  const kind = checkKindOf(url) ?? 'http';
  const invalid = checkProblem(url, settings);
  // Settings the API would have refused (written by other means) fail the check with the reason, never the monitor.
  const conditions = invalid === null ? (settings?.conditions ?? []).map((text) => parseCondition(text)) : [];
  return {
    invalid,
    kind,
    conditions,
    needsBody: conditions.some((condition) => placeholderOf(condition) === 'BODY'),
    needsPeer: conditions.some((condition) => PEER_PLACEHOLDERS.includes(placeholderOf(condition))),
    failureThreshold: settings?.failureThreshold ?? 1,
    recoveryThreshold: settings?.recoveryThreshold ?? 1,
    method: settings?.method ?? 'GET',
    headers: settings?.headers ?? {},
    body: settings?.body ?? null,
    insecure: settings?.insecure ?? false,
    query: settings?.query ?? null,
    graceMs: intervalMs + (settings?.graceSeconds ?? DEFAULT_GRACE_SECONDS) * msPerSecond,
  };
}
