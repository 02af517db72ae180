import { describe, expect, it } from 'vitest';
import { testChild } from '../../../tests/helpers/test-children.ts';
import { ChildProcessError, findChildEntry, runChild } from './child-process.ts';

function failure(promise: Promise<unknown>): Promise<ChildProcessError> {
  return promise.then(
    () => {
      throw new Error('expected the child to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ChildProcessError);
      return error as ChildProcessError;
    },
  );
}

// Each test forks a child under tsx: seconds on a loaded machine, more than the 5 s default.
const CHILD_TEST_TIMEOUT_MS = 30_000;

describe('runChild', { timeout: CHILD_TEST_TIMEOUT_MS }, () => {
  it('sends bytes over IPC and resolves with the reply of a child that exited 0', async () => {
    const input = Buffer.from([1, 2, 3, 250]);
    const { reply, pid } = await runChild<{ reversed: Uint8Array }>(testChild('echo-child'), { label: 'Echo', input });
    expect([...reply.reversed]).toEqual([250, 3, 2, 1]);
    expect(pid).not.toBe(process.pid);
  });

  it("rejects with the child's own message when it fails", async () => {
    const error = await failure(runChild(testChild('echo-child'), { label: 'Echo', input: { not: 'bytes' } }));
    expect(error.reason).toBe('failed');
    expect(error.message).toBe('Echo child exited with 1: expected bytes');
  });

  it('rejects when the child is killed (the OOM killer) before it replies', async () => {
    const error = await failure(runChild(testChild('crash-child'), { label: 'Crash', input: 'x' }));
    expect(error.reason).toBe('failed');
    expect(error.message).toMatch(/^Crash child killed by SIGKILL: /);
  });

  it('kills a child that does not answer in time', async () => {
    const error = await failure(runChild(testChild('hang-child'), { label: 'Hang', input: 'x', timeoutMs: 300 }));
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('Hang took longer than 300 ms');
  });

  it('stops the child when cancelled', async () => {
    const controller = new AbortController();
    const running = runChild(testChild('hang-child'), { label: 'Hang', input: 'x', signal: controller.signal });
    controller.abort();
    const error = await failure(running);
    expect(error.reason).toBe('cancelled');
    expect(error.message).toBe('Hang cancelled');
  });

  it("gives the child none of the server's environment (its secrets)", async () => {
    const { reply } = await runChild<{ names: string[] }>(testChild('env-child'), { label: 'Env' });
    expect(reply.names).toEqual([]);
  });

  it('finds no entry that does not exist', () => {
    expect(findChildEntry(import.meta.url, 'no-such-child')).toBeNull();
  });
});
