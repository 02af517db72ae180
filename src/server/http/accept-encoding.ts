/** The content codings the server produces, in its order of preference. */
export type ContentEncoding = 'br' | 'gzip';

const PREFERENCE: readonly ContentEncoding[] = ['br', 'gzip'];

/** The q-value of each coding an Accept-Encoding header names (RFC 9110 section 12.5.3); `*` stands for the rest. */
function weights(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding === '') continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name === 'q') q = Number(value);
    }
    named.set(coding.trim(), Number.isFinite(q) ? Math.min(1, Math.max(0, q)) : 0);
  }
  return named;
}

/**
 * The coding to answer with: the client's highest-weighted one of ours, brotli before gzip on a tie; null for
 * identity (no header, nothing of ours accepted, or ours refused with q=0).
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding | null {
  if (header === undefined) return null;
  const named = weights(Array.isArray(header) ? header.join(',') : header);
  const wildcard = named.get('*') ?? 0;
  let best: ContentEncoding | null = null;
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    const weight = named.get(coding) ?? (coding === 'gzip' ? (named.get('x-gzip') ?? wildcard) : wildcard);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
