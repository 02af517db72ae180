/**
 * Work that runs in a short-lived child process so that the memory it touches goes back to the system when the
 * child exits (glibc and libvips keep freed memory in the process that used it): the ASN conversion and image
 * decoding. The parent forks the child with an IPC channel, sends it one input message (never argv or env for
 * untrusted data), and waits for its one reply and its exit. The child side is in child-reply.ts.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What a child sends before it exits: `{ ok: true, ...result }` (exit 0) or `{ ok: false, message }` (exit 1). */
export type ChildReply<Result extends object> = ({ ok: true } & Result) | { ok: false; message: string };

/** A forkable child entry and the Node flags it needs. */
export interface ChildEntry {
  file: string;
  execArgv: string[];
}

/** Why a child gave no usable reply. */
export type ChildFailure = 'timeout' | 'cancelled' | 'failed';

export class ChildProcessError extends Error {
  constructor(
    message: string,
    readonly reason: ChildFailure,
  ) {
    super(message);
    this.name = 'ChildProcessError';
  }
}

/** A cancelled child gets SIGTERM to clean up; one that has not exited this long after it is stuck: SIGKILL. */
const KILL_AFTER_MS = 5_000;
const STDERR_TAIL = 2_000;

/**
 * The child entry `<name>` beside the calling module (pass its `import.meta.url`): dist/server/<name>.js next to
 * the bundled server (scripts/build-server.mjs bundles each entry there), or <name>.ts next to the source file when
 * running from TypeScript (vitest, `npm run dev`), which then needs the tsx loader. Null when there is none.
 */
export function findChildEntry(callerUrl: string, name: string): ChildEntry | null {
  const caller = fileURLToPath(callerUrl);
  const extension = path.extname(caller);
  const file = path.join(path.dirname(caller), `${name}${extension}`);
  if (!fs.existsSync(file)) return null;
  if (extension !== '.ts') return { file, execArgv: [] };
  try {
    const loader = createRequire(callerUrl).resolve('tsx');
    return { file, execArgv: ['--import', pathToFileURL(loader).href] };
  } catch {
    return null;
  }
}

export interface ChildRun {
  /** Names the work in error messages ("ASN conversion child exited with 1: ..."). */
  label: string;
  /** Trusted arguments only (paths the server chose); untrusted data goes in `input`. */
  args?: string[];
  /** Sent as the child's first IPC message; Buffers and typed arrays pass as bytes (advanced serialization). */
  input?: unknown;
  /** SIGKILL after this long: a child that hangs or spins never holds its caller. */
  timeoutMs?: number;
  /** Aborting sends SIGTERM (SIGKILL 5 s later) and rejects with reason 'cancelled'. */
  signal?: AbortSignal;
}

/**
 * Forks `entry`, sends `input`, and resolves with the child's `{ ok: true }` reply once it has exited 0. Rejects
 * with a ChildProcessError on a spawn failure, a non-zero exit or signal (a crash, the OOM killer), a missing
 * reply, the time-out or cancellation; the message carries the child's `{ ok: false }` message or its stderr tail.
 */
export function runChild<Result extends object>(
  entry: ChildEntry,
  run: ChildRun,
): Promise<{ reply: { ok: true } & Result; pid: number }> {
  const { label, signal } = run;
  if (signal?.aborted) return Promise.reject(new ChildProcessError(`${label} cancelled`, 'cancelled'));
  return new Promise((resolve, reject) => {
    // Explicit execArgv: the server's own flags (--inspect, heap limits) are not the child's business. An empty
    // environment: the server's secrets (SESSION_SECRET, DATABASE_URL) have no place in a process that parses
    // untrusted files.
    const child = fork(entry.file, run.args ?? [], {
      execArgv: entry.execArgv,
      env: {},
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    let reply: ChildReply<Result> | undefined;
    let stderr = '';
    let stopped: ChildProcessError | undefined;
    let killTimer: NodeJS.Timeout | undefined;
    const cancel = () => {
      stopped = new ChildProcessError(`${label} cancelled`, 'cancelled');
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS).unref();
    };
    const timeout =
      run.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            stopped = new ChildProcessError(`${label} took longer than ${run.timeoutMs} ms`, 'timeout');
            child.kill('SIGKILL');
          }, run.timeoutMs);
    signal?.addEventListener('abort', cancel, { once: true });
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL)));
    child.on('message', (value) => (reply = value as ChildReply<Result>));
    const settle = (error: Error | null, value?: { reply: { ok: true } & Result; pid: number }) => {
      signal?.removeEventListener('abort', cancel);
      clearTimeout(timeout);
      clearTimeout(killTimer);
      if (error) reject(error);
      else if (value) resolve(value);
    };
    // A child that never started has no exit to wait for; one that did is waited for below.
    child.once('error', (error) => {
      if (child.pid === undefined) settle(new ChildProcessError(`${label} child: ${error.message}`, 'failed'));
    });
    // The child may be gone before it reads its input; its exit says why.
    if (run.input !== undefined) child.send(run.input as object, () => undefined);
    child.once('close', (code, killedBy) => {
      if (stopped) return settle(stopped);
      if (code === 0 && reply?.ok && child.pid !== undefined) return settle(null, { reply, pid: child.pid });
      const why = reply && !reply.ok ? reply.message : stderr.trim() || 'no message';
      const how = killedBy ? `killed by ${killedBy}` : `exited with ${code}`;
      settle(new ChildProcessError(`${label} child ${how}: ${why}`, 'failed'));
    });
  });
}
