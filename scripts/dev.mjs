// `npm run dev`: the API under `tsx watch` on API_PORT (5001) and the Vite dev server on PORT (5000).
// vite.config.ts proxies /api and /uploads to API_PORT, so the browser only ever talks to http://localhost:5000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const apiPort = process.env.API_PORT ?? '5001';
const webPort = process.env.PORT ?? '5000';
const env = { ...process.env, API_PORT: apiPort, NODE_ENV: process.env.NODE_ENV ?? 'development' };

const children = [
  {
    name: 'api',
    child: spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, PORT: apiPort, HOST: process.env.HOST ?? '127.0.0.1' },
    }),
  },
  {
    name: 'web',
    child: spawn(bin('vite'), ['--port', webPort, '--strictPort'], { cwd: root, stdio: 'inherit', env }),
  },
];
console.log(`[dev] API on http://127.0.0.1:${apiPort}, app on http://localhost:${webPort}`);

let stopping = false;
function stopAll(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

let exitCode = 0;
let running = children.length;
for (const { name, child } of children) {
  child.on('error', (error) => {
    console.error(`[dev] ${name} failed to start: ${error.message}`);
    exitCode = 1;
    stopAll();
  });
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`[dev] ${name} exited (${signal ?? code}); stopping the other process`);
    if (code) exitCode ||= code;
    stopAll();
    running -= 1;
    if (running === 0) process.exit(exitCode);
  });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(signal));
