import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryGet } from '../routes/http-binary.ts';
import { ROOT, startServerProcess, tempDataDir, type ServerProcess } from '../helpers/server-process.ts';

/**
 * Issue 14, on the real build (`npm run build`) served by the built server: hashed assets once went out with
 * `max-age=0` although static-client.ts meant a year; every script and style sheet is pre-compressed at build time.
 */

const CLIENT = path.join(ROOT, 'dist/client');
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = tempDataDir('homelab-static-');
  server = await startServerProcess({ dataDir, env: { GEOIP: 'off' } });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The /assets/ files index.html loads (its entry script and style sheet). */
function entryAssets(): string[] {
  const html = fs.readFileSync(path.join(CLIENT, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
}

describe('the built client', () => {
  it('has brotli and gzip copies beside every script and style sheet of 1 KiB or more', () => {
    const assets = path.join(CLIENT, 'assets');
    const texts = fs
      .readdirSync(assets)
      .filter((name) => /\.(js|css)$/.test(name) && fs.statSync(path.join(assets, name)).size >= 1024);
    expect(texts.length).toBeGreaterThan(0);
    for (const name of texts) {
      const original = fs.readFileSync(path.join(assets, name));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(assets, `${name}.br`))).equals(original), name).toBe(
        true,
      );
      expect(zlib.gunzipSync(fs.readFileSync(path.join(assets, `${name}.gz`))).equals(original), name).toBe(true);
    }
  });

  it('serves its hashed assets immutable for a year, brotli to a browser, plain to a client without it', async () => {
    const urls = entryAssets();
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const original = fs.readFileSync(path.join(CLIENT, url));
      const br = await binaryGet(server.baseUrl, url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.status, url).toBe(200);
      expect(br.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary, url).toBe('Accept-Encoding');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(br.body).equals(original), url).toBe(true);
      const plain = await binaryGet(server.baseUrl, url);
      expect(plain.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body.equals(original), url).toBe(true);
    }
  });

  it('has the page revalidated, at its own URL and behind every client route', async () => {
    for (const url of ['/', '/index.html', '/settings']) {
      const first = await binaryGet(server.baseUrl, url);
      expect(first.status, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const etag = String(first.headers.etag);
      const again = await binaryGet(server.baseUrl, url, { 'if-none-match': etag });
      expect(again.status, url).toBe(304);
    }
  });
});
