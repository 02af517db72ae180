// Bundles the server (src/server/main.ts) into dist/server/main.js for `npm start`, and beside it the child
// entries the server forks from its own folder (src/server/lib/child-process.ts): the ASN conversion
// (dist/server/asn-convert.js) and the image decoder (dist/server/image-decode-child.js); and the backup command
// line (dist/server/backup-cli.js). `--outdir <dir>` builds elsewhere (to try a build without touching dist).
// Our own code, including the package.json "imports" alias #shared/*, is bundled so Node never has to load a .ts
// file; so is every npm package except those in RUNTIME_PACKAGES (native addons and a few others, see there).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag === -1 ? path.join(root, 'dist/server') : path.resolve(process.argv[outdirFlag + 1] ?? '');
const entryPoints = {
  main: path.join(root, 'src/server/main.ts'),
  'asn-convert': path.join(root, 'src/server/integrations/geoip/asn-convert.ts'),
  'image-decode-child': path.join(root, 'src/server/services/image-decode-child.ts'),
  // `npm run backup` and `npm run restore` (scripts/backup-cli.mjs).
  'backup-cli': path.join(root, 'src/server/backups/cli.ts'),
};

/** Resolves `#shared/<name>` to src/shared/<name>.ts so esbuild bundles it instead of leaving it external. */
const sharedAlias = {
  name: 'shared-alias',
  setup(build) {
    build.onResolve({ filter: /^#shared\// }, (args) => {
      const file = path.join(root, 'src/shared', `${args.path.slice('#shared/'.length)}.ts`);
      if (!fs.existsSync(file)) return { errors: [{ text: `${args.path} does not exist (looked for ${file})` }] };
      return { path: file };
    });
  },
};

/**
 * npm packages left out of the bundle and resolved from node_modules at run time:
 * - native addons, which cannot be bundled: better-sqlite3 (and better-sqlite3-node20, Node 20's), @node-rs/argon2, sharp (and pg's optional pg-native);
 * - gamedig, loaded on the first game-server query (hundreds of protocol files);
 * - data packages read by path (the GeoIP databases).
 * Everything else is bundled and stripped of whitespace and comments: V8 keeps the source text of every loaded
 * script in the heap, and one script costs less than several hundred module files. Packages imported on first use
 * (jose, prom-client, nodemailer) are bundled too: esbuild wraps them so they still run only when first imported,
 * and left external they cost more at idle, not less (idle RSS 77.6 against 75.5 MiB, two runs each; the
 * difference was all in glibc's heap, for a reason we did not find).
 * Measured with `npm run bench:kuma -- --part=server --subject=ours --window=120` back to back (load about 1): idle
 * RSS 75.6 -> 72.5 MiB, the peak with 1,000 services 97.2 -> 95.7 MiB; after a sign-in and a dashboard load
 * (bench/soak.ts's idle phase, three runs each) 85.8 -> 82.0 MiB. Names are kept (no identifier minification), so
 * stack traces still name functions; for file positions run with NODE_OPTIONS=--enable-source-maps.
 */
const RUNTIME_PACKAGES = [
  'better-sqlite3',
  'better-sqlite3-node20',
  '@node-rs/argon2',
  'sharp',
  'pg-native',
  'gamedig',
  '@ip-location-db/*',
];

const started = Date.now();
const result = await esbuild.build({
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: RUNTIME_PACKAGES,
  minifyWhitespace: true,
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
  plugins: [sharedAlias],
  // Bundled CommonJS code (or code that expects CJS globals) still finds require/__dirname in the ESM output.
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      "import { dirname as __pathDirname } from 'node:path';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = __fileURLToPath(import.meta.url);',
      'const __dirname = __pathDirname(__filename);',
    ].join('\n'),
  },
});

// Guard: nothing that points at TypeScript sources may survive as a run-time import.
const leftovers = Object.values(result.metafile.outputs)
  .flatMap((output) => output.imports)
  .filter((imp) => imp.external && (imp.path.startsWith('#') || imp.path.endsWith('.ts')));
if (leftovers.length > 0) {
  console.error(`build-server: unbundled TypeScript imports left: ${leftovers.map((imp) => imp.path).join(', ')}`);
  process.exit(1);
}
const built = Object.keys(entryPoints).map((name) => {
  const file = path.join(outdir, `${name}.js`);
  return `${path.relative(root, file)} (${(fs.statSync(file).size / 1024).toFixed(0)} KiB)`;
});
console.log(`build-server: ${built.join(', ')} in ${Date.now() - started} ms`);
