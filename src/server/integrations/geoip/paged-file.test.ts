import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PagedFile } from './paged-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paged-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// 16 pages; page n is filled with the byte n.
const file = path.join(dir, 'pages.bin');
fs.writeFileSync(file, Buffer.concat(Array.from({ length: 16 }, (_, page) => Buffer.alloc(4096, page))));

describe('PagedFile', () => {
  it('lets a resumable reader visit more pages than the cache holds', async () => {
    const paged = await PagedFile.open(file, 2);
    try {
      // Like the tree walk: progress lives outside the reader, so each miss costs one retry, not a restart.
      const seen: number[] = [];
      await paged.withPages(() => {
        while (seen.length < 16) seen.push(paged.bytes(seen.length * 4096 + 7, 1)[0] ?? -1);
      }, 17);
      expect(seen).toEqual(Array.from({ length: 16 }, (_, page) => page));
    } finally {
      await paged.close();
    }
  });

  it('gives up on a reader that needs more pages at once than the cache holds', async () => {
    const paged = await PagedFile.open(file, 2);
    try {
      await expect(paged.withPages(() => paged.bytes(0, 3 * 4096).length)).rejects.toThrow(/more pages/);
    } finally {
      await paged.close();
    }
  });
});
