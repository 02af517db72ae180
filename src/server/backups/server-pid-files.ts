import fs from 'node:fs';
import path from 'node:path';

/**
 * Each running server writes `DATA_DIR/run/<pid>.pid` at start and removes it on exit, so `npm run restore` can
 * refuse to replace a database under a running server. A file whose process is gone (the server was killed,
 * the machine lost power) is stale and ignored; one file per process, so two servers on one DATA_DIR (PostgreSQL
 * instances sharing a volume) do not remove each other's.
 */
const RUN_FOLDER = 'run';

function pidFile(dataDir: string, pid: number): string {
  return path.join(dataDir, RUN_FOLDER, `${pid}.pid`);
}

/** True while a process with this id exists (EPERM: it exists but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** The ids of the servers running on this DATA_DIR; stale files are removed on the way. */
export function runningServers(dataDir: string): number[] {
  let names: string[];
  try {
    names = fs.readdirSync(path.join(dataDir, RUN_FOLDER));
  } catch {
    return [];
  }
  const running: number[] = [];
  for (const name of names) {
    const match = /^(\d+)\.pid$/.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    // Our own id in a file is a leftover of an earlier process that had it: this process is not a server.
    if (pid !== process.pid && isProcessAlive(pid)) running.push(pid);
    else fs.rmSync(pidFile(dataDir, pid), { force: true });
  }
  return running;
}

/** Marks this process as a server running on `dataDir`; the mark goes when the process exits. */
export function markServerRunning(dataDir: string): void {
  runningServers(dataDir);
  const file = pidFile(dataDir, process.pid);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${process.pid}\n`);
  // 'exit' runs on every ending but a kill -9 or a crash of Node itself; those leave a stale file (see above).
  process.once('exit', () => fs.rmSync(file, { force: true }));
}
