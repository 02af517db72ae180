/** A tracking snippet: only external script tags with an https src (see docs/decisions/0003-tracking-code.md). */
const SCRIPT_TAG =
  /<script((?:\s+(?:src="https:\/\/[^"\s<>]+"|async|defer|data-[a-z0-9-]+="[^"<>]*"|crossorigin="anonymous"))*)\s*><\/script>/gi;

/** True when the snippet is nothing but allowed script tags (and white space). */
export function isAllowedTrackingCode(code: string): boolean {
  const rest = code.replace(SCRIPT_TAG, (tag: string) => (/\ssrc="https:\/\//i.test(tag) ? '' : tag));
  return rest.trim() === '';
}

/** The https script sources a tracking snippet loads (what the CSP must allow). */
export function trackingScriptSources(code: string): string[] {
  return [...code.matchAll(/\ssrc="(https:\/\/[^"\s<>]+)"/gi)].map((match) => match[1] ?? '').filter(Boolean);
}
