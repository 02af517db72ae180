/**
 * The packed form of one hour of one service's raw checks (docs/decisions/0015-compact-history.md): fixed-width
 * 8-byte samples, oldest first, in a blob (SQLite) or bytea (PostgreSQL).
 *
 *   bytes 0-3  uint32 big-endian: bit 31 set when the check was up; bits 0-30 the ms since the hour began
 *   bytes 4-7  uint32 big-endian: the response time in ms plus one; 0 when there was none (a failed exchange)
 */
export const SAMPLE_BYTES = 8;

export const HOUR_MS = 3_600_000;

const UP_BIT = 0x8000_0000;

/** One raw check with an epoch-ms timestamp, as the compact tables hold it. */
export interface Sample {
  at: number;
  status: boolean;
  responseTime: number | null;
}

/** The epoch ms at which the UTC hour of `at` began. */
export function hourOf(at: number): number {
  return at - (((at % HOUR_MS) + HOUR_MS) % HOUR_MS);
}

/** Packs samples of the hour starting at `hour` (each at is within it), in the order given. */
export function encodeSamples(hour: number, samples: readonly Sample[]): Buffer {
  const buffer = Buffer.allocUnsafe(samples.length * SAMPLE_BYTES);
  let offset = 0;
  for (const sample of samples) {
    const sinceHour = sample.at - hour;
    if (sinceHour < 0 || sinceHour >= HOUR_MS) throw new RangeError(`sample ${sample.at} is outside hour ${hour}`);
    buffer.writeUInt32BE((sample.status ? UP_BIT : 0) + sinceHour, offset);
    buffer.writeUInt32BE(sample.responseTime === null ? 0 : sample.responseTime + 1, offset + 4);
    offset += SAMPLE_BYTES;
  }
  return buffer;
}

/** Unpacks the samples of the hour starting at `hour`, in stored order. */
export function decodeSamples(hour: number, packed: Uint8Array): Sample[] {
  const buffer = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  const samples: Sample[] = [];
  for (let offset = 0; offset + SAMPLE_BYTES <= buffer.length; offset += SAMPLE_BYTES) {
    const head = buffer.readUInt32BE(offset);
    const time = buffer.readUInt32BE(offset + 4);
    samples.push({
      at: hour + (head & 0x7fff_ffff),
      status: head >= UP_BIT,
      responseTime: time === 0 ? null : time - 1,
    });
  }
  return samples;
}

/** Merges two lists of samples into one, oldest first, one sample per timestamp (the later list wins a tie). */
export function mergeSamples(stored: readonly Sample[], added: readonly Sample[]): Sample[] {
  const byAt = new Map<number, Sample>();
  for (const sample of stored) byAt.set(sample.at, sample);
  for (const sample of added) byAt.set(sample.at, sample);
  return [...byAt.values()].sort((a, b) => a.at - b.at);
}
