import fs from 'node:fs/promises';

const PAGE_SIZE = 4096;

/** Thrown by a synchronous read that needs a page not yet loaded; the async caller loads it and retries. */
export class PageMiss extends Error {
  page = -1;
}

/**
 * A read-only file read in 4 KB pages at their offsets, keeping only a small LRU of pages in memory. The
 * databases are 60-130 MB; reading them whole would cost that much RSS for a lookup per sign-in.
 */
export class PagedFile {
  // Page number -> slot in the slab, least recently used first (Map keeps insertion order).
  private readonly slots = new Map<number, number>();
  private readonly loading = new Map<number, Promise<void>>();
  private readonly free: number[];
  // One buffer for all cached pages, reused for the life of the file: no allocation per read, so thousands of
  // lookups leave no garbage behind and RSS stays flat.
  private readonly slab: Buffer;
  // One instance, re-thrown with the page filled in: misses happen thousands of times a second during a burst of
  // lookups, and a fresh Error each time would capture a stack trace just to be discarded.
  private readonly miss = new PageMiss('page not loaded');

  private constructor(
    private readonly handle: fs.FileHandle,
    readonly size: number,
    private readonly maxPages: number,
  ) {
    this.slab = Buffer.alloc(maxPages * PAGE_SIZE);
    this.free = Array.from({ length: maxPages }, (_, slot) => slot);
  }

  /**
   * Opens a file; maxPages bounds the memory kept (maxPages x 4 KB, allocated at once). 64 pages (256 KB) keep the
   * top of a search tree, which every lookup passes through; the rest of a lookup's ~30 pages are random per
   * address and come from the OS page cache in microseconds, which is plenty at sign-in rates.
   */
  static async open(filePath: string, maxPages = 64): Promise<PagedFile> {
    const handle = await fs.open(filePath, 'r');
    try {
      const { size } = await handle.stat();
      return new PagedFile(handle, size, maxPages);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Reads length bytes at offset straight from the file (no cache); for one-off reads such as metadata. */
  async readAt(offset: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  }

  /**
   * Runs a synchronous reader over cached pages, loading each missing page it asks for, until it finishes. The
   * buffers bytes() returns are views of the cache: the reader must copy what it keeps before returning. A reader
   * that keeps its progress outside itself (a tree walk, a binary search) resumes where the miss stopped it; it
   * passes how many misses it may take (about two per step), since each one still makes progress.
   */
  async withPages<T>(reader: () => T, maxMisses = this.maxPages): Promise<T> {
    // Bounded: a reader that needs more pages than the cache holds would otherwise evict its own pages forever.
    for (let attempt = 0; attempt < maxMisses; attempt++) {
      try {
        return reader();
      } catch (error) {
        if (!(error instanceof PageMiss)) throw error;
        await this.load(error.page);
      }
    }
    throw new Error('record spans more pages than the cache holds');
  }

  /** The bytes [offset, offset + length) from cached pages; throws PageMiss for the first absent page. */
  bytes(offset: number, length: number): Buffer {
    if (offset < 0 || length < 0 || offset + length > this.size) throw new RangeError('read past end of file');
    const first = Math.floor(offset / PAGE_SIZE);
    const last = Math.floor((offset + Math.max(length, 1) - 1) / PAGE_SIZE);
    const start = offset - first * PAGE_SIZE;
    if (first === last) return this.page(first).subarray(start, start + length);
    const parts: Buffer[] = [];
    for (let index = first; index <= last; index++) parts.push(this.page(index));
    return Buffer.concat(parts).subarray(start, start + length);
  }

  async close(): Promise<void> {
    this.slots.clear();
    await this.handle.close();
  }

  private page(index: number): Buffer {
    const slot = this.slots.get(index);
    if (slot === undefined) {
      this.miss.page = index;
      throw this.miss;
    }
    this.slots.delete(index);
    this.slots.set(index, slot);
    const start = slot * PAGE_SIZE;
    return this.slab.subarray(start, start + PAGE_SIZE);
  }

  private takeSlot(): number {
    const slot = this.free.pop();
    if (slot !== undefined) return slot;
    const [oldest, oldestSlot] = this.slots.entries().next().value ?? [];
    if (oldest === undefined || oldestSlot === undefined) throw new Error('page cache exhausted');
    this.slots.delete(oldest);
    return oldestSlot;
  }

  private load(index: number): Promise<void> {
    // Concurrent lookups often want the same page (the top of the search tree): read it once.
    const pending = this.loading.get(index);
    if (pending) return pending;
    // The slot leaves the map before the read starts, so no reader can see it half-written.
    const slot = this.takeSlot();
    const promise = this.handle
      .read(this.slab, slot * PAGE_SIZE, PAGE_SIZE, index * PAGE_SIZE)
      .then(
        () => void this.slots.set(index, slot),
        (error: unknown) => {
          this.free.push(slot);
          throw error;
        },
      )
      .finally(() => this.loading.delete(index));
    this.loading.set(index, promise);
    return promise;
  }
}
