/**
 * Child-process entry for the one-time ASN CSV conversion (forked by asn-table-cache.ts; bundled as
 * dist/server/asn-convert.js). Runs in its own process so the memory the conversion touches (readline strings,
 * BigInts, the name map) goes back to the system when it exits, instead of staying in the server's RSS.
 *
 * argv: <ipv4 csv> <ipv6 csv> <target file>. Sends one message to the parent, `{ ok: true, result, maxRssKib }`
 * or `{ ok: false, message }`, and exits 0 or 1. SIGTERM or losing the parent cancels (the temporary file is
 * removed by the builder).
 */
import process from 'node:process';
import { buildAsnTable, type AsnBuildResult } from './asn-table-builder.ts';

/** What the child tells its parent before it exits. */
export type AsnConvertMessage =
  { ok: true; result: AsnBuildResult; maxRssKib: number } | { ok: false; message: string };

let cancelled = false;
process.on('SIGTERM', () => (cancelled = true));
process.on('disconnect', () => (cancelled = true));

function reply(message: AsnConvertMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, () => resolve());
  });
}

const [ipv4Csv, ipv6Csv, target] = process.argv.slice(2);
if (!ipv4Csv || !ipv6Csv || !target) {
  console.error('usage: asn-convert <ipv4 csv> <ipv6 csv> <target>');
  process.exit(2);
}
try {
  const result = await buildAsnTable({ ipv4Csv, ipv6Csv }, target, () => cancelled);
  await reply({ ok: true, result, maxRssKib: process.resourceUsage().maxRSS });
  process.exit(0);
} catch (error) {
  await reply({ ok: false, message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
