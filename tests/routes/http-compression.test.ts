import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES, registerCompression } from '../../src/server/http/compression.ts';
import { registerClient, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { binaryGet, type BinaryResponse } from './http-binary.ts';

/** Issue 14: JSON and text answers go out compressed as the client's Accept-Encoding allows. */

let app: TestApp;
let cookie: string;
let plainList: unknown;

beforeAll(async () => {
  app = await startTestApp();
  const { client } = await registerClient(app, 'admin');
  // Enough services that the list is well above the threshold.
  for (let i = 0; i < 12; i += 1) {
    const created = await client.post('/api/services', {
      name: `Service ${i}`,
      url: `https://service-${i}.example.test/`,
      tooltip: `A tooltip long enough to make the list worth compressing, number ${i}`,
    });
    expect(created.status).toBe(201);
  }
  cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  plainList = (await client.get('/api/services')).body;
});
afterAll(() => app.close());

function list(acceptEncoding?: string): Promise<BinaryResponse> {
  return binaryGet(app.baseUrl, '/api/services', {
    cookie,
    ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
  });
}

function varyFields(response: BinaryResponse): string[] {
  return String(response.headers.vary ?? '')
    .split(',')
    .map((field) => field.trim().toLowerCase());
}

describe('compressed JSON answers', () => {
  it('brotli when accepted: smaller, same JSON, Vary: Accept-Encoding, length of the compressed body', async () => {
    const response = await list('gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varyFields(response)).toContain('accept-encoding');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    const decoded = zlib.brotliDecompressSync(response.body);
    expect(response.body.length).toBeLessThan(decoded.length / 2);
    expect(JSON.parse(decoded.toString('utf8'))).toEqual(plainList);
  });

  it('gzip when that is what the client takes, or what it weighs higher', async () => {
    for (const header of ['gzip', 'br;q=0.5, gzip', 'br;q=0, gzip;q=0.1', 'x-gzip']) {
      const response = await list(header);
      expect(response.headers['content-encoding'], header).toBe('gzip');
      expect(varyFields(response), header).toContain('accept-encoding');
      expect(JSON.parse(zlib.gunzipSync(response.body).toString('utf8')), header).toEqual(plainList);
    }
  });

  it('the plain body without Accept-Encoding, for identity only, or when both codings are refused', async () => {
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate', '*;q=0']) {
      const response = await list(header);
      expect(response.headers['content-encoding'], String(header)).toBeUndefined();
      // Still Vary: a cache must not hand this plain copy to a client that asked for brotli, or the reverse.
      expect(varyFields(response), String(header)).toContain('accept-encoding');
      expect(JSON.parse(response.body.toString('utf8')), String(header)).toEqual(plainList);
    }
  });

  it('`*` stands for brotli', async () => {
    expect((await list('*')).headers['content-encoding']).toBe('br');
  });

  it('leaves small answers alone, without Vary', async () => {
    const response = await binaryGet(app.baseUrl, '/api/user', { cookie, 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(varyFields(response)).not.toContain('accept-encoding');
    expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({ role: 'superadmin' });
  });
});

describe('what is never compressed', () => {
  let bare: FastifyInstance;
  const big = 'x'.repeat(COMPRESSION_THRESHOLD_BYTES * 4);

  beforeAll(async () => {
    bare = Fastify({ logger: false });
    registerCompression(bare);
    bare.get('/events', (_request, reply) => reply.type('text/event-stream').send(`data: ${big}\n\n`));
    bare.get('/svg', (_request, reply) => reply.type('image/svg+xml').send(`<svg>${big}</svg>`));
    bare.get('/bytes', (_request, reply) => reply.type('application/octet-stream').send(Buffer.from(big)));
    bare.get('/text', (_request, reply) => reply.type('text/plain; charset=utf-8').send(big));
    bare.get('/encoded', (_request, reply) =>
      reply
        .type('application/json')
        .header('content-encoding', 'gzip')
        .send(zlib.gzipSync(JSON.stringify(big))),
    );
    await bare.ready();
  });
  afterAll(() => bare.close());

  it('event streams, images and opaque bytes go out as they are; text is compressed', async () => {
    for (const url of ['/events', '/svg', '/bytes']) {
      const response = await bare.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.headers.vary, url).toBeUndefined();
      expect(response.body, url).toContain(big);
    }
    const text = await bare.inject({ url: '/text', headers: { 'accept-encoding': 'gzip' } });
    expect(text.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(text.rawPayload).toString('utf8')).toBe(big);
  });

  it('an answer a route already encoded is not encoded twice', async () => {
    const response = await bare.inject({ url: '/encoded', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(response.rawPayload).toString('utf8'))).toBe(big);
  });
});
