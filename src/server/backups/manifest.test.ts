import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeFiles, FileHasher } from './manifest.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-hash-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Buffer): string {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), bytes);
  return name;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('hashing the files of a backup', () => {
  it('gives each file its own size and SHA-256 through one reused buffer, empty and multi-read files included', async () => {
    // 1 MiB is the read size: a file of exactly that, one just over it and a larger one after a small one, so a
    // stale tail of the buffer would show in the hash.
    const contents = [
      Buffer.alloc(0),
      randomBytes(1024 * 1024),
      randomBytes(1024 * 1024 + 1),
      randomBytes(10),
      randomBytes(2.5 * 1024 * 1024),
      randomBytes(3),
    ];
    const names = contents.map((bytes, index) => write(`uploads/service/f${index}.png`, bytes));
    const described = await describeFiles(dir, names);
    expect(described).toEqual(
      contents.map((bytes, index) => ({ path: names[index], size: bytes.length, sha256: sha256(bytes) })),
    );
  });

  it('refuses a second file while one is being read, instead of mixing their bytes', async () => {
    const first = path.join(dir, write('a.bin', randomBytes(3 * 1024 * 1024)));
    const second = path.join(dir, write('b.bin', randomBytes(10)));
    const hasher = new FileHasher();
    const running = hasher.sha256(first);
    await expect(hasher.sha256(second)).rejects.toThrow('one file at a time');
    expect(await running).toBe(sha256(fs.readFileSync(first)));
    // Free again once the first is done.
    expect(await hasher.sha256(second)).toBe(sha256(fs.readFileSync(second)));
  });

  it('fails on a missing file and can hash the next one', async () => {
    const hasher = new FileHasher();
    await expect(hasher.sha256(path.join(dir, 'missing.bin'))).rejects.toThrow(/ENOENT/);
    const present = path.join(dir, write('c.bin', randomBytes(5)));
    expect(await hasher.sha256(present)).toBe(sha256(fs.readFileSync(present)));
  });
});
