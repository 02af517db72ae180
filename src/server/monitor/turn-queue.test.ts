import { describe, expect, it } from 'vitest';
import { TurnQueue } from './turn-queue.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('TurnQueue', () => {
  it('runs the first task at once and each next one a turn of the event loop later, in order', async () => {
    const queue = new TurnQueue();
    const ran: number[] = [];
    for (const n of [1, 2, 3]) queue.push(() => ran.push(n));
    expect(ran).toEqual([1]);
    await nextTurn();
    expect(ran).toEqual([1, 2]);
    await nextTurn();
    expect(ran).toEqual([1, 2, 3]);
    // Drained: a later task runs at once again.
    await nextTurn();
    queue.push(() => ran.push(4));
    expect(ran).toEqual([1, 2, 3, 4]);
  });

  it('runs each task in a turn of its own, so callbacks queued meanwhile run between them', async () => {
    const queue = new TurnQueue();
    const order: string[] = [];
    queue.push(() => {
      order.push('first');
      // Queued during the first task, as the reading of its answer would be: it runs before the third.
      setImmediate(() => order.push('ready meanwhile'));
    });
    queue.push(() => order.push('second'));
    queue.push(() => order.push('third'));
    await nextTurn();
    await nextTurn();
    await nextTurn();
    expect(order).toEqual(['first', 'second', 'ready meanwhile', 'third']);
  });

  it('goes on with the next task when one throws', async () => {
    const queue = new TurnQueue();
    const ran: string[] = [];
    expect(() =>
      queue.push(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    queue.push(() => ran.push('after'));
    await nextTurn();
    expect(ran).toEqual(['after']);
  });
});
