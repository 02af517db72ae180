/**
 * npm run bench:http-floor -- [checksPerSecond=33.3] [perWakeUp=3] [seconds=30]
 *
 * The floor under bench:monitor's CPU per check: the same local keep-alive target, requested with bare undici
 * dispatches (no scheduler, no database, no bookkeeping) at the same rate and grouping as the monitor's 100 ms
 * grid (1,000 services at 30 s: 33 a second, ~3 per wake-up), and an empty timer at that rhythm for the cost of
 * the wake-ups alone. Prints CPU ms per request of this process. Never part of `npm test`.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { Agent } from 'undici';

const [rate = 33.3, perWakeUp = 3, seconds = 30] = process.argv
  .slice(2)
  .filter((arg) => arg !== '--')
  .map(Number);
const target = fork(path.join(import.meta.dirname, 'monitor-target.mjs'), [], {
  stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
});
const port = await new Promise((resolve) => target.stdout.once('data', (data) => resolve(Number(String(data).trim()))));
const origin = `http://127.0.0.1:${port}`;
const agent = new Agent({ keepAliveTimeout: 60_000 });
const handler = {
  onRequestStart() {},
  onResponseStart() {},
  onResponseData() {},
  onResponseEnd() {},
  onResponseError(_controller, error) {
    console.error(error);
  },
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(label, request) {
  let count = 0;
  const timer = setInterval(
    () => {
      for (let i = 0; i < perWakeUp; i += 1) {
        count += 1;
        request();
      }
    },
    (1000 * perWakeUp) / rate,
  );
  await sleep(5_000); // warm-up
  const cpuStart = process.cpuUsage();
  const countStart = count;
  await sleep(seconds * 1000);
  const cpu = process.cpuUsage(cpuStart);
  clearInterval(timer);
  const done = count - countStart;
  const ms = (cpu.user + cpu.system) / 1000;
  console.log(
    `${label.padEnd(22)} ${(ms / done).toFixed(3)} CPU ms per request (${(ms / seconds).toFixed(1)} ms of CPU a second, ${done} requests)`,
  );
}

console.log(`${rate} requests a second, ${perWakeUp} per wake-up, ${seconds} s each`);
await measure('empty timer only', () => {});
await measure('bare undici dispatch', () => {
  agent.dispatch({ origin, path: '/health/1', method: 'GET', headers: { accept: '*/*' } }, handler);
});
await agent.close();
target.kill('SIGTERM');
