import type { z } from 'zod';

/**
 * Characters that never belong in a credential: control characters (C0, DEL, C1: \p{Cc}), format characters
 * (\p{Cf}: zero-width space and joiners U+200B-U+200D, word joiner U+2060, the BOM U+FEFF, bidi controls
 * U+202A-U+202E and U+2066-U+2069, soft hyphen U+00AD...), line and paragraph separators, and lone surrogates.
 * One pasted from a web page or a file with a BOM is invisible in the form, yet the other side refuses the value,
 * and the failure then looks like a wrong password or an unreachable server (issue 26).
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/** Whether `value` holds a character from INVISIBLE_OR_CONTROL. */
export function hasInvisibleOrControl(value: string): boolean {
  return INVISIBLE_OR_CONTROL.test(value);
}

/** The message naming the field, e.g. 'The Jellyfin API key contains an invisible or control character'. */
export function invisibleCharacterMessage(label: string): string {
  return `The ${label} contains an invisible or control character`;
}

/**
 * A change that points a system (an integration, an alert channel) at another address without giving its stored
 * secret again: a stored secret is only sent to the address it was saved with (issue 26).
 */
export function secretAgainMessage(label: string): string {
  return `Enter the ${label} again: a saved secret is only sent to the address it was saved with.`;
}

/**
 * `schema` refusing invisible and control characters with the field's message: the one check for every
 * credential-like text (integration secrets, user names, URLs; the SMTP password should use it too), shared with
 * the browser so the form shows the server's message.
 */
export function visibleText<T extends z.ZodType<string>>(schema: T, label: string): T {
  return schema.refine((value) => !hasInvisibleOrControl(value), invisibleCharacterMessage(label));
}
