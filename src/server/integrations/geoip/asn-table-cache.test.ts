import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAsnTable } from './asn-table-cache.ts';
import { addressBytes } from './ip-address.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asn-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function sources(name: string, ipv4: string[]) {
  const ipv4Csv = path.join(dir, `${name}-v4.csv`);
  const ipv6Csv = path.join(dir, `${name}-v6.csv`);
  fs.writeFileSync(ipv4Csv, ipv4.join('\n') + '\n');
  fs.writeFileSync(ipv6Csv, '');
  return { ipv4Csv, ipv6Csv };
}

function recordingLog() {
  const infos: Record<string, unknown>[] = [];
  return { infos, log: { info: (details: object) => void infos.push({ ...details }), warn: () => undefined } };
}

const CLOUDFLARE = '16843008,16843263,13335,"Cloudflare, Inc."'; // 1.1.1.0 - 1.1.1.255

// Each test forks a child under tsx: seconds on a loaded machine, close to the 5 s default.
describe('ASN table cache', { timeout: 30_000 }, () => {
  it('converts in a child process, then reuses the file and removes older versions', async () => {
    const directory = path.join(dir, 'ok');
    fs.mkdirSync(directory);
    fs.writeFileSync(path.join(directory, 'asn-0.9.bin'), 'an older version');
    const { infos, log } = recordingLog();
    const options = { sources: sources('ok', [CLOUDFLARE]), version: '1.0', directory };
    const table = await openAsnTable(options, log, new AbortController().signal);
    try {
      expect(await table.lookup(addressBytes('1.1.1.1') ?? new Uint8Array())).toBe('Cloudflare, Inc.');
    } finally {
      await table.close();
    }
    expect(infos).toHaveLength(1);
    expect(infos[0]).toMatchObject({ ranges: 1, organisations: 1 });
    expect(infos[0]?.childPid).toEqual(expect.any(Number));
    expect(infos[0]?.childPid).not.toBe(process.pid);
    expect(fs.readdirSync(directory)).toEqual(['asn-1.0.bin']);

    const again = await openAsnTable(options, log, new AbortController().signal);
    await again.close();
    expect(infos).toHaveLength(1);
  });

  it("rejects with the child's reason when the conversion fails, leaving no file", async () => {
    const directory = path.join(dir, 'unsorted');
    const options = {
      sources: sources('unsorted', ['16843008,16843263,13335,B', '16777216,16777471,13335,A']),
      version: '1.0',
      directory,
    };
    await expect(openAsnTable(options, recordingLog().log, new AbortController().signal)).rejects.toThrow(
      /exited with 1: .*not sorted/,
    );
    expect(fs.readdirSync(directory)).toEqual([]);
  });

  it('kills the child when cancelled and leaves no temporary file', async () => {
    const directory = path.join(dir, 'cancel');
    // Enough lines that the child is still converting when the abort arrives.
    const lines = Array.from({ length: 200_000 }, (_, i) => `${16777216 + i * 4},${16777216 + i * 4 + 3},1,N${i % 97}`);
    const options = { sources: sources('cancel', lines), version: '1.0', directory };
    const controller = new AbortController();
    const opening = openAsnTable(options, recordingLog().log, controller.signal);
    // Abort once the child has started writing its temporary file.
    while (!fs.existsSync(directory) || !fs.readdirSync(directory).some((name) => name.endsWith('.tmp')))
      await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(opening).rejects.toThrow(/cancelled/);
    expect(fs.readdirSync(directory)).toEqual([]);
  });
});
