// Pre-compresses the built client (`npm run build:client` runs it after vite): beside each text file of at least
// 1 KiB it writes <file>.br (brotli, quality 11) and <file>.gz (gzip, level 9), which the server sends as they are
// to browsers that accept them (@fastify/static `preCompressed`), so no request pays for compressing a file.
// Images are left alone (already compressed, or SVG, which is treated like every image), and so are source maps
// (only developer tools fetch them). A copy that saves less than 5% is not written: the plain file goes out.
// Usage: node scripts/build-precompress.mjs [dir]   (default dist/client)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(process.argv[2] ?? path.join(root, 'dist/client'));
const MIN_BYTES = 1024;
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.webmanifest', '.txt']);

const encoders = {
  '.br': (data) =>
    zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  '.gz': (data) => zlib.gzipSync(data, { level: 9 }),
};

function* files(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

if (!fs.existsSync(dir)) {
  console.error(`build-precompress: ${dir} does not exist (build the client first)`);
  process.exit(1);
}
const started = Date.now();
let plain = 0;
const written = { '.br': 0, '.gz': 0 };
for (const file of [...files(dir)]) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const data = fs.readFileSync(file);
  for (const [extension, encode] of Object.entries(encoders)) {
    const target = file + extension;
    const copy = data.length >= MIN_BYTES ? encode(data) : null;
    if (copy && copy.length <= data.length * 0.95) {
      fs.writeFileSync(target, copy);
      written[extension] += copy.length;
    } else {
      // A copy left from an earlier build would be served in place of this file.
      fs.rmSync(target, { force: true });
    }
  }
  if (data.length >= MIN_BYTES) plain += data.length;
}
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(
  `build-precompress: ${kib(plain)} of text in ${path.relative(root, dir) || dir} -> ${kib(written['.br'])} brotli, ` +
    `${kib(written['.gz'])} gzip in ${Date.now() - started} ms`,
);
