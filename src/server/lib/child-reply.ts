/**
 * The child side of child-process.ts: a child entry reads its one input message, does its work, replies once and
 * exits, so that everything it allocated goes back to the system. It also stops when its parent goes away.
 */
import process from 'node:process';
import type { ChildReply } from './child-process.ts';

/** Sends the reply over IPC and waits until it is written (exiting before that would lose it). */
function reply<Result extends object>(message: ChildReply<Result>): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, () => resolve());
  });
}

/** The parent's one input message (runChild's `input`). */
function receiveInput(): Promise<unknown> {
  return new Promise((resolve) => process.once('message', resolve));
}

/**
 * Runs `work` on the parent's input (or on nothing, for a child given only trusted argv), replies
 * `{ ok: true, ...result }` and exits 0, or replies `{ ok: false, message }` and exits 1. `onStop` hears SIGTERM or
 * the loss of the parent; without it the child exits at once.
 */
export async function serveOnce<Result extends object>(
  work: (input: unknown) => Promise<Result>,
  options: { readsInput: boolean; onStop?: () => void },
): Promise<never> {
  const stop = options.onStop ?? (() => process.exit(1));
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
  try {
    const result = await work(options.readsInput ? await receiveInput() : undefined);
    await reply<Result>({ ok: true, ...result });
    process.exit(0);
  } catch (error) {
    await reply<Result>({ ok: false, message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
}
