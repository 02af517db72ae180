import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency-limit.ts';

/** A task that runs until the test settles it. */
function controlled() {
  let settle: { resolve: (value: string) => void; reject: (error: Error) => void } | undefined;
  let started = false;
  const task = () =>
    new Promise<string>((resolve, reject) => {
      started = true;
      settle = { resolve, reject };
    });
  return {
    task,
    isStarted: () => started,
    resolve: (value: string) => settle?.resolve(value),
    reject: (error: Error) => settle?.reject(error),
  };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('concurrencyLimit', () => {
  it('runs at most the limit at once, the rest in the order they came, and a failure frees its slot', async () => {
    const run = concurrencyLimit(2);
    const tasks = Array.from({ length: 4 }, controlled);
    const results = tasks.map((each) => run(each.task));
    await turn();
    expect(tasks.map((each) => each.isStarted())).toEqual([true, true, false, false]);

    tasks[1]?.reject(new Error('wrong password'));
    await expect(results[1]).rejects.toThrow('wrong password');
    await turn();
    expect(tasks.map((each) => each.isStarted())).toEqual([true, true, true, false]);

    tasks[0]?.resolve('first');
    expect(await results[0]).toBe('first');
    await turn();
    expect(tasks[3]?.isStarted()).toBe(true);
    tasks[2]?.resolve('third');
    tasks[3]?.resolve('fourth');
    expect(await Promise.all([results[2], results[3]])).toEqual(['third', 'fourth']);

    // All slots are free again: two new tasks start at once.
    const again = [controlled(), controlled()];
    const more = again.map((each) => run(each.task));
    await turn();
    expect(again.map((each) => each.isStarted())).toEqual([true, true]);
    again.forEach((each) => each.resolve('done'));
    expect(await Promise.all(more)).toEqual(['done', 'done']);
  });

  it('refuses a limit below one', () => {
    expect(() => concurrencyLimit(0)).toThrow('positive integer');
  });
});
