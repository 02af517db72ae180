/**
 * The JavaScript a first visit to the dashboard must download, read from the build (dist/client): index.html's
 * entry script and everything it imports statically, plus the dashboard route's chunk and its static imports.
 * Chunks fetched later (dialogs, drag-and-drop, the toaster) are left out. Sizes are gzip level 9 of each file,
 * as the server's precompressed .gz files are; the browser figures in bench/dashboard.ts measure the wire.
 *
 *   npx tsx bench/dashboard-chunks.ts      (after `npm run build:client`): prints the chunks and their sizes
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');
const ASSETS_DIR = path.join(CLIENT_DIR, 'assets');

export interface Chunk {
  file: string;
  bytes: number;
  gzipBytes: number;
}

// Rolldown's output: `import{a as b}from"./x.js"` and side-effect imports `import"./x.js"`; dynamic import()
// calls are not matched (they are the chunks that load on demand).
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g;

function staticClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(ASSETS_DIR, file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) if (match[1]) visit(match[1]);
  };
  entries.forEach(visit);
  return [...seen];
}

/** The chunks of a first dashboard visit, largest first. */
export function dashboardInitialChunks(): Chunk[] {
  const html = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('dist/client/index.html has no module script: run `npm run build` first');
  const route = fs.readdirSync(ASSETS_DIR).find((file) => /^dashboard\.page-[\w-]+\.js$/.test(file));
  if (!route) throw new Error('no dashboard.page chunk in dist/client/assets');
  return staticClosure([entry, route])
    .map((file) => {
      const content = fs.readFileSync(path.join(ASSETS_DIR, file));
      return { file, bytes: content.length, gzipBytes: zlib.gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const chunks = dashboardInitialChunks();
  for (const chunk of chunks) {
    console.log(
      `${(chunk.gzipBytes / 1024).toFixed(1).padStart(7)} KiB gz ${(chunk.bytes / 1024).toFixed(1).padStart(8)} KiB  ${chunk.file}`,
    );
  }
  const sum = (key: 'bytes' | 'gzipBytes') => chunks.reduce((total, chunk) => total + chunk[key], 0) / 1024;
  console.log(
    `${sum('gzipBytes').toFixed(1).padStart(7)} KiB gz ${sum('bytes').toFixed(1).padStart(8)} KiB  total (${chunks.length} chunks)`,
  );
}
