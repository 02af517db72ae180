import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('SerialQueue', () => {
  it('starts a task only when the one before it has ended, in arrival order', async () => {
    const queue = new SerialQueue();
    const events: string[] = [];
    const first = deferred();
    const a = queue.run(async () => {
      events.push('a start');
      await first.promise;
      events.push('a end');
      return 'a';
    });
    const b = queue.run(() => {
      events.push('b start');
      return Promise.resolve('b');
    });
    // Let the queue run whatever it would run before the first task ends.
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['a start']);
    first.resolve();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(events).toEqual(['a start', 'a end', 'b start']);
  });

  it('passes a failure to its caller and goes on with the next task', async () => {
    const queue = new SerialQueue();
    const failed = queue.run(() => Promise.reject(new Error('broken image')));
    const next = queue.run(() => Promise.resolve(42));
    await expect(failed).rejects.toThrow('broken image');
    expect(await next).toBe(42);
  });
});
