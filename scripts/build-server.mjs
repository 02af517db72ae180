// Bundles the server (src/server/main.ts) into dist/server/main.js for `npm start`, and beside it the child
// entries the server forks from its own folder (src/server/lib/child-process.ts): the ASN conversion
// (dist/server/asn-convert.js) and the image decoder (dist/server/image-decode-child.js); and the backup command
// line (dist/server/backup-cli.js). `--outdir <dir>` builds elsewhere (to try a build without touching dist).
// npm packages stay external (resolved from node_modules at run time); our own code, including the
// package.json "imports" alias #shared/*, is bundled so Node never has to load a .ts file.
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

const started = Date.now();
const result = await esbuild.build({
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
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
