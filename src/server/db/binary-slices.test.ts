import { describe, expect, it } from 'vitest';
import { binarySlices } from './binary-slices.ts';

const lengths = (count: number, largest?: number) =>
  [
    ...binarySlices(
      Array.from({ length: count }, (_, i) => i),
      largest,
    ),
  ].map((slice) => slice.length);

describe('binarySlices', () => {
  it('cuts a list into powers of two, largest first, in order and without losing a row', () => {
    expect(lengths(1000)).toEqual([256, 256, 256, 128, 64, 32, 8]);
    expect(lengths(7)).toEqual([4, 2, 1]);
    expect(lengths(0)).toEqual([]);
    expect(lengths(300, 64)).toEqual([64, 64, 64, 64, 32, 8, 4]);
    expect([...binarySlices([1, 2, 3, 4, 5])].flat()).toEqual([1, 2, 3, 4, 5]);
  });

  it('uses at most log2(largest) + 1 distinct lengths for any list length', () => {
    const seen = new Set<number>();
    for (let count = 1; count <= 2000; count += 1) for (const length of lengths(count)) seen.add(length);
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
  });
});
