import { parseTrackingCode } from './tracking-snippet';

/** Marks the script elements this module created, so it can find and replace exactly those. */
export const TRACKING_MARKER = 'data-site-tracking';

// A short stable fingerprint of the snippet: the same code is injected once, a new one replaces it.
function fingerprint(code: string): string {
  let hash = 5381;
  for (let index = 0; index < code.length; index += 1) hash = ((hash * 33) ^ code.charCodeAt(index)) >>> 0;
  return hash.toString(36);
}

/**
 * Makes `doc` carry the scripts of the tracking snippet and nothing else: builds each <script> with
 * setAttribute from the parsed, allowed attributes (never from HTML), once per distinct snippet, and
 * removes the previous snippet's scripts when the code changes or is cleared.
 */
export function syncTrackingScripts(doc: Document, code: string | null | undefined): void {
  const scripts = parseTrackingCode(code);
  const key = scripts.length > 0 && code ? fingerprint(code) : '';
  const existing = [...doc.head.querySelectorAll<HTMLScriptElement>(`script[${TRACKING_MARKER}]`)];
  if (existing.length > 0 && existing.every((element) => element.getAttribute(TRACKING_MARKER) === key)) return;
  for (const element of existing) element.remove();
  for (const { src, attributes } of scripts) {
    const element = doc.createElement('script');
    for (const [name, value] of attributes) element.setAttribute(name, value);
    element.setAttribute(TRACKING_MARKER, key);
    element.setAttribute('src', src);
    doc.head.appendChild(element);
  }
}
