// A URL in the message of a failed dynamic import (Chromium and Firefox name the module; Vite names a CSS file it
// could not preload by its path).
const NAMED_URL = /(https?:\/\/[^\s'"()]+|\/assets\/[^\s'"()]+)/;

/** The same-origin URL a failed load names, else the page's own entry script (what Safari's message leaves out). */
function probeUrl(error: unknown): URL | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const named = NAMED_URL.exec(message)?.[1];
  if (named) {
    const url = new URL(named, window.location.href);
    if (url.origin === window.location.origin) return url;
  }
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
  return entry ? new URL(entry, window.location.href) : undefined;
}

/**
 * Whether a chunk that failed to load is gone from the server: hashed files are replaced by each deploy, so a 404
 * means this page is older than the running version and only a reload helps. Anything else (no answer at all, or
 * the file still there) is a passing failure worth another try.
 */
export async function isStaleChunk(error: unknown): Promise<boolean> {
  const url = probeUrl(error);
  if (!url) return false;
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    return response.status === 404;
  } catch {
    return false;
  }
}
