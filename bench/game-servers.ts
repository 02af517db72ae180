/**
 * npm run bench:game-servers -- [instances=500] [polls=20]
 *
 * Starts the fake AMP (tests/fakes/amp-server.ts) with N instances in this process, then runs the bundled
 * bench/game-servers-run.ts in a child of plain Node, so the figures are those of the built server code and the
 * fake's own work is not counted. Prints CPU, wall time and memory of the first poll (every row inserted) and of
 * the steady polls (every row updated). Never part of `npm test`.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startFakeAmp } from '../tests/fakes/amp-server.ts';
import { bundleForNode, scratchDir } from './bundle.ts';

const instances = Number(process.argv[2] ?? 500);
const amp = await startFakeAmp();
amp.remoteTargets = 3;
for (let i = 0; i < instances; i += 1) {
  amp.addInstance({
    InstanceName: `Game${String(i).padStart(4, '0')}`,
    FriendlyName: `Game server ${i}`,
    Running: i % 5 !== 0,
    AppState: i % 5 === 0 ? 0 : 20,
    metrics: i % 7 === 0 ? null : { cpu: i % 100, memory: 1024 + i, memoryLimit: 8192, users: i % 20, maxUsers: 20 },
    endpoint: `0.0.0.0:${20_000 + i}`,
    target: i % 4,
  });
}
const outDir = scratchDir('.bench-game-servers-');
try {
  const outfile = path.join(outDir, 'game-servers-run.mjs');
  await bundleForNode(path.join(import.meta.dirname, 'game-servers-run.ts'), outfile);
  const child = fork(outfile, process.argv.slice(3), {
    execArgv: ['--expose-gc'],
    stdio: 'inherit',
    env: { ...process.env, AMP_URL: amp.baseUrl, AMP_USERNAME: amp.username, AMP_PASSWORD: amp.password },
  });
  process.exitCode = await new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  console.log(`fake AMP answered ${amp.count('ADSModule/GetInstances')} GetInstances calls for ${instances} instances`);
} finally {
  await amp.stop();
  fs.rmSync(outDir, { recursive: true, force: true });
}
