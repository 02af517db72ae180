import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { binaryGet } from './http-binary.ts';

/**
 * Issue 14: the built client's caching headers and its build-time compressed copies, on a client laid out as Vite
 * lays it out and compressed by the build's own script (tests/system/static-client.system.ts checks a real build).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const script = `console.log(${JSON.stringify('hello from the dashboard bundle '.repeat(200))});`;
const style = `body { color: black; }\n`.repeat(300);
const favicon = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`;
const page = `<!doctype html><html><head><title>client</title><script type="module" src="/assets/index-1a2b3c4d.js"></script></head><body></body></html>`;

let clientDir: string;
let app: TestApp;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homelab-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), page);
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-1a2b3c4d.js'), script);
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-5e6f7a8b.css'), style);
  fs.writeFileSync(path.join(clientDir, 'assets', 'tiny-0c0c0c0c.js'), 'export {};');
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), favicon);
  fs.writeFileSync(path.join(clientDir, 'sw.js'), `self.addEventListener('fetch', () => {});\n`.repeat(60));
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-precompress.mjs'), clientDir], { stdio: 'pipe' });
  app = await startTestApp({ clientDir });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('the build script', () => {
  it('writes brotli and gzip copies of text files of 1 KiB or more, never of images or small files', () => {
    const assets = path.join(clientDir, 'assets');
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(assets, 'index-1a2b3c4d.js.br'))).toString()).toBe(
      script,
    );
    expect(zlib.gunzipSync(fs.readFileSync(path.join(assets, 'index-1a2b3c4d.js.gz'))).toString()).toBe(script);
    expect(fs.existsSync(path.join(assets, 'index-5e6f7a8b.css.br'))).toBe(true);
    expect(fs.existsSync(path.join(clientDir, 'sw.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(assets, 'tiny-0c0c0c0c.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(clientDir, 'favicon.svg.br'))).toBe(false);
    expect(fs.existsSync(path.join(clientDir, 'index.html.br'))).toBe(false);
  });
});

describe('hashed assets', () => {
  it('are cached for a year as immutable, compressed as accepted, with Vary: Accept-Encoding', async () => {
    const url = '/assets/index-1a2b3c4d.js';
    const br = await binaryGet(app.baseUrl, url, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await binaryGet(app.baseUrl, url, { 'accept-encoding': 'gzip' });
    const plain = await binaryGet(app.baseUrl, url);
    for (const response of [br, gzip, plain]) {
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(response.headers.vary).toBe('Accept-Encoding');
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    // Each coding has its own validator, so a cache never revalidates one with the other's tag.
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('without a compressed copy, the file itself goes out, still immutable', async () => {
    const response = await binaryGet(app.baseUrl, '/assets/tiny-0c0c0c0c.js', { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.toString()).toBe('export {};');
  });

  it('one that is not there (an older deploy’s) is a 404, never the page: the client then offers a reload', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await fetch(`${app.baseUrl}/assets/add-service-dialog-0ld0ld00.js`, { method });
      expect(response.status, method).toBe(404);
      expect(response.headers.get('content-type'), method).not.toMatch(/html/);
    }
  });

  it('the compressed copies have no URL of their own', async () => {
    const response = await binaryGet(app.baseUrl, '/assets/index-1a2b3c4d.js.br');
    // An unknown file under /assets/ is a 404 (never the brotli bytes, nor the page).
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('files that are not hashed', () => {
  it('index.html, the service worker and images are revalidated (no-cache), images never compressed', async () => {
    for (const url of ['/index.html', '/sw.js', '/favicon.svg']) {
      const response = await binaryGet(app.baseUrl, url, { 'accept-encoding': 'br, gzip' });
      expect(response.status, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.etag, url).toBeDefined();
    }
    expect((await binaryGet(app.baseUrl, '/sw.js', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe(
      'br',
    );
    const svg = await binaryGet(app.baseUrl, '/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.body.toString()).toBe(favicon);
  });

  it('the page behind any client route is revalidated: no-cache with an ETag, and a 304 for the same tag', async () => {
    const first = await binaryGet(app.baseUrl, '/dashboard/anything');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body.toString()).toBe(page);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await binaryGet(app.baseUrl, '/', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
  });
});
