import { describe, expect, it } from 'vitest';
import {
  decodeSamples,
  encodeSamples,
  hourOf,
  HOUR_MS,
  mergeSamples,
  SAMPLE_BYTES,
  type Sample,
} from './check-samples.ts';

const HOUR = Date.parse('2026-03-01T05:00:00.000Z');

describe('packed samples', () => {
  it('round-trips status, millisecond time and response time (none, zero, the largest) in 8 bytes each', () => {
    const samples: Sample[] = [
      { at: HOUR, status: true, responseTime: 0 },
      { at: HOUR + 1, status: false, responseTime: null },
      { at: HOUR + 20_000, status: false, responseTime: 10_000 },
      { at: HOUR + HOUR_MS - 1, status: true, responseTime: 2 ** 32 - 2 },
    ];
    const packed = encodeSamples(HOUR, samples);
    expect(packed.length).toBe(samples.length * SAMPLE_BYTES);
    expect(decodeSamples(HOUR, packed)).toEqual(samples);
    // A view into a larger buffer (as a driver may hand back) decodes the same.
    const wrapped = Buffer.concat([Buffer.from([9, 9, 9]), packed]).subarray(3);
    expect(decodeSamples(HOUR, wrapped)).toEqual(samples);
  });

  it('refuses a sample outside its hour', () => {
    expect(() => encodeSamples(HOUR, [{ at: HOUR - 1, status: true, responseTime: 1 }])).toThrow(RangeError);
    expect(() => encodeSamples(HOUR, [{ at: HOUR + HOUR_MS, status: true, responseTime: 1 }])).toThrow(RangeError);
  });

  it('finds the UTC hour of a time, and merges samples in time order with one per millisecond', () => {
    expect(hourOf(HOUR + HOUR_MS - 1)).toBe(HOUR);
    expect(hourOf(HOUR)).toBe(HOUR);
    const a = { at: HOUR + 5, status: true, responseTime: 1 };
    const b = { at: HOUR + 2, status: false, responseTime: null };
    const late = { at: HOUR + 5, status: false, responseTime: 3 };
    expect(mergeSamples([a], [b, late])).toEqual([b, late]);
  });
});
