// `npm run backup` and `npm run restore -- FILE`: runs the bundled backup command line (dist/server/backup-cli.js,
// built from src/server/backups/cli.ts with the server), so it works where only the build is installed (an image
// without dev dependencies). In a checkout whose server sources are newer than that bundle, the server bundle is
// rebuilt first, as `npm start` would. The environment (DATA_DIR, DATABASE_URL ...) is the server's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'dist/server/backup-cli.js');
const sources = ['src/server', 'src/shared'].map((dir) => path.join(root, dir)).filter((dir) => fs.existsSync(dir));

function newestSourceTime() {
  let latest = 0;
  for (const dir of sources) {
    for (const relative of fs.readdirSync(dir, { recursive: true })) {
      latest = Math.max(latest, fs.statSync(path.join(dir, String(relative))).mtimeMs);
    }
  }
  return latest;
}

const built = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : undefined;
if (built === undefined || (sources.length > 0 && newestSourceTime() > built)) {
  if (sources.length === 0) {
    console.error(`${path.relative(root, bundle)} is missing and there are no sources to build it from`);
    process.exit(1);
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Progress to stderr: stdout stays the command's own answer.
  const build = spawnSync(npm, ['run', '--silent', 'build:server'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (build.status !== 0) {
    console.error('building the server bundle failed');
    process.exit(build.status ?? 1);
  }
}

// npm runs scripts in the package's folder; INIT_CWD is where `npm run restore -- FILE` was typed.
if (process.argv[2] === 'restore' && process.argv[3]) {
  process.argv[3] = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[3]);
}
await import(pathToFileURL(bundle).href);
