/**
 * The comparable form of an address value: a URL's origin (a different path on the same server keeps a stored
 * secret there), otherwise the trimmed, lower-cased text. Null for no value. The server binds stored secrets to it
 * (src/server/lib/secret-binding.ts); the forms use it to say when a secret must be entered again.
 */
export function addressKey(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (text === '') return null;
  try {
    const url = new URL(text);
    if (url.origin !== 'null') return url.origin;
  } catch {
    // Not a URL: a host name or port, compared as text.
  }
  return text.toLowerCase();
}
