import {
  checkKindOf,
  checkSettings,
  type CheckKind,
  type CheckSettings,
  type DnsType,
} from '#shared/schemas/service-check';
import { CHECK_TEXT } from './check-settings-text';

/** The "Advanced check" fields as typed: text, so a half-typed number or header line can be shown and fixed. */
export interface CheckFormValues {
  conditions: string;
  method: string;
  headers: string;
  body: string;
  queryName: string;
  queryType: DnsType;
  insecure: boolean;
  failureThreshold: string;
  recoveryThreshold: string;
  graceSeconds: string;
}

/** The fields' starting values for a service's settings (none: everything empty, the scheme's default check). */
export function checkValuesFor(check: CheckSettings | null | undefined): CheckFormValues {
  return {
    conditions: (check?.conditions ?? []).join('\n'),
    method: check?.method ?? 'GET',
    headers: Object.entries(check?.headers ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
    body: check?.body ?? '',
    queryName: check?.query?.name ?? '',
    queryType: check?.query?.type ?? 'A',
    insecure: check?.insecure ?? false,
    failureThreshold: check?.failureThreshold === undefined ? '' : String(check.failureThreshold),
    recoveryThreshold: check?.recoveryThreshold === undefined ? '' : String(check.recoveryThreshold),
    graceSeconds: check?.graceSeconds === undefined ? '' : String(check.graceSeconds),
  };
}

/** The check kind a typed URL selects, or null while it is not a valid one. */
export function kindOfTyped(url: string): CheckKind | null {
  return checkKindOf(url.trim());
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A typed whole number, or the text itself so the schema's message names the problem; undefined when blank. */
function typedNumber(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * The `check` object the API takes for these fields under this URL: only the settings its scheme uses, null when
 * none is set. The error is the shared schema's message (the same the server would answer).
 */
export function toCheckSettings(
  values: CheckFormValues,
  url: string,
): { check: CheckSettings | null; error: null } | { check: null; error: string } {
  const kind = kindOfTyped(url) ?? 'http';
  const draft: Record<string, unknown> = {};
  const conditions = lines(values.conditions);
  if (conditions.length > 0 && kind !== 'push') draft.conditions = conditions;
  if (kind === 'http') {
    if (values.method !== 'GET') draft.method = values.method;
    const headers: Record<string, string> = {};
    for (const line of lines(values.headers)) {
      const colon = line.indexOf(':');
      if (colon <= 0) return { check: null, error: CHECK_TEXT.headerLine };
      headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    }
    if (Object.keys(headers).length > 0) draft.headers = headers;
    if (values.body !== '') draft.body = values.body;
  }
  if (kind === 'dns') draft.query = { name: values.queryName.trim(), type: values.queryType };
  if (kind === 'tls' && values.insecure) draft.insecure = true;
  if (kind === 'push') draft.graceSeconds = typedNumber(values.graceSeconds);
  draft.failureThreshold = typedNumber(values.failureThreshold);
  draft.recoveryThreshold = typedNumber(values.recoveryThreshold);
  for (const [key, value] of Object.entries(draft)) if (value === undefined) delete draft[key];
  if (Object.keys(draft).length === 0) return { check: null, error: null };
  const parsed = checkSettings.safeParse(draft);
  if (!parsed.success) return { check: null, error: parsed.error.issues[0]?.message ?? 'Invalid check settings' };
  return { check: parsed.data, error: null };
}
