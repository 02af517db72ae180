/**
 * Cuts a list into slices whose lengths are powers of two, largest first (up to `largest`): 1,000 rows become
 * 512 + 256 + 128 + 64 + 32 + 8. A statement with one VALUES tuple or `in` mark per row then has one of at most
 * log2(largest) + 1 texts instead of one per list length, so the prepared-statement cache (statement-cache.ts)
 * holds a few statements per query instead of hundreds, each with a native program that grows with its length
 * (issue 14: the writer's varying batch sizes filled it with 250 such statements, about 8 MiB of malloc heap).
 */
export function* binarySlices<T>(rows: readonly T[], largest = 256): Generator<readonly T[]> {
  let start = 0;
  let length = largest;
  while (start < rows.length) {
    while (length > rows.length - start) length /= 2;
    yield rows.slice(start, start + length);
    start += length;
  }
}
