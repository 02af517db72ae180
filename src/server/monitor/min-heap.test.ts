import { describe, expect, it } from 'vitest';
import { MinHeap, type HeapItem } from './min-heap.ts';

interface Item extends HeapItem {
  id: number;
}
const item = (id: number, dueAt: number): Item => ({ id, dueAt, heapIndex: -1 });

function drain(heap: MinHeap<Item>): number[] {
  const out: number[] = [];
  for (let next = heap.pop(); next; next = heap.pop()) out.push(next.dueAt);
  return out;
}

describe('MinHeap', () => {
  it('pops in due order', () => {
    const heap = new MinHeap<Item>();
    for (const due of [5, 3, 9, 1, 7, 3, 0]) heap.push(item(due, due));
    expect(heap.peek()?.dueAt).toBe(0);
    expect(drain(heap)).toEqual([0, 1, 3, 3, 5, 7, 9]);
    expect(heap.size).toBe(0);
    expect(heap.pop()).toBeUndefined();
  });

  it('removes and re-keys items anywhere in the heap', () => {
    const heap = new MinHeap<Item>();
    const items = Array.from({ length: 50 }, (_, i) => item(i, (i * 37) % 50));
    for (const each of items) heap.push(each);
    heap.remove(items[10] as Item);
    heap.remove(items[10] as Item); // twice is a no-op
    expect(items[10]?.heapIndex).toBe(-1);
    heap.update(items[20] as Item, -5);
    heap.update(items[30] as Item, 1000);
    const expected = items
      .filter((each) => each.id !== 10)
      .map((each) => each.dueAt)
      .sort((a, b) => a - b);
    expect(drain(heap)).toEqual(expected);
  });

  it('matches a sorted array under random operations', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const heap = new MinHeap<Item>();
    const live = new Set<Item>();
    for (let step = 0; step < 5000; step++) {
      const roll = random();
      const pick = [...live][Math.floor(random() * live.size)];
      if (roll < 0.5 || !pick) {
        const fresh = item(step, Math.floor(random() * 1000));
        heap.push(fresh);
        live.add(fresh);
      } else if (roll < 0.7) {
        heap.remove(pick);
        live.delete(pick);
      } else if (roll < 0.85) {
        heap.update(pick, Math.floor(random() * 1000));
      } else {
        const popped = heap.pop() as Item;
        expect(popped.dueAt).toBe(Math.min(...[...live].map((each) => each.dueAt)));
        live.delete(popped);
      }
      expect(heap.size).toBe(live.size);
    }
  });
});
