/** An item the heap orders by `dueAt`; `heapIndex` is maintained by the heap (-1 when not in it). */
export interface HeapItem {
  dueAt: number;
  heapIndex: number;
}

/**
 * A binary min-heap keyed by `dueAt` that knows where each item sits, so an edited or deleted service is
 * moved or removed in O(log n) instead of being left behind as a stale entry.
 */
export class MinHeap<T extends HeapItem> {
  readonly #items: T[] = [];

  get size(): number {
    return this.#items.length;
  }

  /** The earliest item without removing it. */
  peek(): T | undefined {
    return this.#items[0];
  }

  /** Adds an item (it must not already be in the heap). */
  push(item: T): void {
    item.heapIndex = this.#items.length;
    this.#items.push(item);
    this.#up(item.heapIndex);
  }

  /** Removes and returns the earliest item. */
  pop(): T | undefined {
    const first = this.#items[0];
    if (first) this.remove(first);
    return first;
  }

  /** Removes an item wherever it is; a no-op when it is not in the heap. */
  remove(item: T): void {
    const index = item.heapIndex;
    if (index < 0 || this.#items[index] !== item) return;
    const last = this.#items.pop() as T;
    item.heapIndex = -1;
    if (last === item) return;
    this.#items[index] = last;
    last.heapIndex = index;
    this.#down(index);
    this.#up(last.heapIndex);
  }

  /** Changes an item's due time and restores the order (adds it when absent). */
  update(item: T, dueAt: number): void {
    item.dueAt = dueAt;
    if (item.heapIndex < 0 || this.#items[item.heapIndex] !== item) {
      this.push(item);
      return;
    }
    this.#up(item.heapIndex);
    this.#down(item.heapIndex);
  }

  #up(start: number): void {
    const items = this.#items;
    let index = start;
    const item = items[index] as T;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = items[parentIndex] as T;
      if (parent.dueAt <= item.dueAt) break;
      items[index] = parent;
      parent.heapIndex = index;
      index = parentIndex;
    }
    items[index] = item;
    item.heapIndex = index;
  }

  #down(start: number): void {
    const items = this.#items;
    const length = items.length;
    let index = start;
    const item = items[index] as T;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= length) break;
      const right = left + 1;
      const child = right < length && (items[right] as T).dueAt < (items[left] as T).dueAt ? right : left;
      const childItem = items[child] as T;
      if (childItem.dueAt >= item.dueAt) break;
      items[index] = childItem;
      childItem.heapIndex = index;
      index = child;
    }
    items[index] = item;
    item.heapIndex = index;
  }
}
