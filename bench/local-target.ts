import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * Starts bench/monitor-target.mjs (a keep-alive HTTP target answering 200 on every path) in its own process, so
 * its CPU is not counted as the measured server's. BENCH_TARGET_SCRIPT swaps in another target script.
 */
export async function startLocalTarget(): Promise<{ child: ChildProcess; url: string }> {
  const script = process.env.BENCH_TARGET_SCRIPT ?? path.join(import.meta.dirname, 'monitor-target.mjs');
  const child = fork(script, [], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (data: Buffer) => resolve(Number(String(data).trim())));
    child.once('exit', () => reject(new Error('target exited')));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}
