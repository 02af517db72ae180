/**
 * Child-process entry for the one-time ASN CSV conversion (forked by asn-table-cache.ts; bundled as
 * dist/server/asn-convert.js). Runs in its own process so the memory the conversion touches (readline strings,
 * BigInts, the name map) goes back to the system when it exits, instead of staying in the server's RSS.
 *
 * argv (paths the server chose, no untrusted data): <ipv4 csv> <ipv6 csv> <target file>. Replies
 * `{ ok: true, result, maxRssKib }` or `{ ok: false, message }` (lib/child-reply.ts). SIGTERM or losing the parent
 * cancels (the temporary file is removed by the builder).
 */
import process from 'node:process';
import { serveOnce } from '../../lib/child-reply.ts';
import { buildAsnTable, type AsnBuildResult } from './asn-table-builder.ts';

/** What the child reports on success. */
export interface AsnConvertResult {
  result: AsnBuildResult;
  maxRssKib: number;
}

let cancelled = false;
const [ipv4Csv, ipv6Csv, target] = process.argv.slice(2);
if (!ipv4Csv || !ipv6Csv || !target) {
  console.error('usage: asn-convert <ipv4 csv> <ipv6 csv> <target>');
  process.exit(2);
}
await serveOnce<AsnConvertResult>(
  async () => {
    const result = await buildAsnTable({ ipv4Csv, ipv6Csv }, target, () => cancelled);
    return { result, maxRssKib: process.resourceUsage().maxRSS };
  },
  { readsInput: false, onStop: () => (cancelled = true) },
);
