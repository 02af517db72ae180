import { checkKindOf, type CheckSettings } from '#shared/schemas/service-check';
import type { Scalar } from './config-state.ts';

// Headers that carry credentials by name or by custom: their values are secrets, like the integrations' passwords.
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);
const CREDENTIAL_WORDS = /token|secret|passw|key|auth|session|cookie|credential|signature/i;

/** True when a check header's value is a credential: never exported, never shown in the diff. */
export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_HEADERS.has(name.toLowerCase()) || CREDENTIAL_WORDS.test(name);
}

/** The check settings as the file holds them: credential headers left out (an empty header list too). */
export function exportedCheck(check: CheckSettings | null): CheckSettings | null {
  if (!check?.headers) return check;
  const { headers, ...rest } = check;
  const kept = Object.entries(headers).filter(([name]) => !isCredentialHeader(name));
  return kept.length > 0 ? { ...rest, headers: Object.fromEntries(kept) } : rest;
}

/**
 * The check an import writes: the file's, with the stored credential headers it does not name kept (an absent
 * secret keeps the stored one), as long as the check stays an HTTP one.
 */
export function importedCheck(
  url: string,
  stored: CheckSettings | null,
  file: CheckSettings | null,
): CheckSettings | null {
  if (file === null || checkKindOf(url) !== 'http') return file;
  const named = new Set(Object.keys(file.headers ?? {}).map((name) => name.toLowerCase()));
  const kept = Object.entries(stored?.headers ?? {}).filter(
    ([name]) => isCredentialHeader(name) && !named.has(name.toLowerCase()),
  );
  return kept.length === 0 ? file : { ...file, headers: { ...file.headers, ...Object.fromEntries(kept) } };
}

/**
 * The check settings as flat fields for the diff (`check.method`, `check.headers.Accept`); lists and the DNS
 * query as one text each. No settings at all is `check: default`.
 */
export function checkDiffFields(check: CheckSettings | null): Record<string, Scalar> {
  if (check === null) return { check: 'default' };
  const fields: Record<string, Scalar> = { check: 'custom' };
  const { headers, conditions, query, ...scalars } = check;
  if (conditions !== undefined) fields['check.conditions'] = conditions.join(' && ');
  if (query !== undefined) fields['check.query'] = `${query.name} ${query.type}`;
  for (const [name, value] of Object.entries(scalars)) {
    if (value !== undefined) fields[`check.${name}`] = value;
  }
  for (const [name, value] of Object.entries(headers ?? {})) fields[`check.headers.${name}`] = value;
  return fields;
}

/** True when a flat check field is a credential header (its change is shown as a secret). */
export function isSecretCheckField(field: string): boolean {
  return field.startsWith('check.headers.') && isCredentialHeader(field.slice('check.headers.'.length));
}
