import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MSG } from '../../src/shared/messages.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
let png: Buffer;
let jpeg: Buffer;

async function image(format: 'png' | 'jpeg', width = 600, height = 400): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } });
  return format === 'png' ? base.png().toBuffer() : base.jpeg().toBuffer();
}

const MB = 1024 * 1024;
/** Photo sizes SPEC allows (5 MB cap): the 1 MB app-wide body limit once refused everything over it. */
const PHOTO_SIZES_MB = [1, 3, 4.9] as const;

/**
 * A real, decodable photo-like image of about `bytes` (within 3 % below): random noise barely compresses, so the
 * file is as big as a phone photo. The pixel count is scaled from a first encoding until the size fits.
 */
async function photoOfSize(format: 'png' | 'jpeg', bytes: number): Promise<Buffer> {
  const encode = (pixels: number) => {
    const width = 1600;
    const height = Math.max(1, Math.round(pixels / width));
    const raw = sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
    return format === 'png' ? raw.png({ compressionLevel: 6 }).toBuffer() : raw.jpeg({ quality: 92 }).toBuffer();
  };
  let pixels = format === 'png' ? bytes / 3 : bytes;
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const file = await encode(pixels);
    if (file.length <= bytes && file.length >= bytes * 0.97) return file;
    pixels *= (bytes * 0.985) / file.length;
  }
  throw new Error(`no ${format} of ${bytes} bytes`);
}

/** A real PNG whose header claims other dimensions (CRC fixed up), as a decompression bomb would. */
function withClaimedSize(source: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(source);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(zlib.crc32(out.subarray(12, 29)), 29);
  return out;
}

function form(file: Buffer, name = 'image.png', type = 'image/png', extra: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(extra)) data.append(key, value);
  data.append('image', new Blob([new Uint8Array(file)], { type }), name);
  return data;
}

function upload(client: TestClient, kind: string, file: Buffer, name?: string, type?: string) {
  return client.request<{ url?: string; largeUrl?: string; message?: string; error?: string }>(
    'POST',
    `/api/upload/${kind}`,
    {
      form: form(file, name, type, { type: kind }),
    },
  );
}

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app);
  admin = await actors.admin.signIn();
  png = await image('png');
  jpeg = await image('jpeg', 3000, 2000);
});
afterAll(async () => {
  await app.close();
});

describe('multipart uploads', () => {
  it('stores a PNG under a generated name and serves it with nosniff and a sandboxing CSP', async () => {
    const response = await upload(admin, 'service', png, '../../../etc/passwd.png');
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(/^\/uploads\/service\/[a-f0-9]{32}\.png$/);
    expect(response.body.largeUrl).toBeUndefined();
    const served = await fetch(`${app.baseUrl}${response.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const stored = Buffer.from(await served.arrayBuffer());
    expect((await sharp(stored).metadata()).format).toBe('png');
  });

  it('re-encodes a large JPEG within the size cap, and gives site images a large variant', async () => {
    const service = await upload(admin, 'service', jpeg, 'photo.jpg', 'image/jpeg');
    expect(service.status).toBe(200);
    const stored = path.join(app.dataDir, service.body.url ?? '');
    const meta = await sharp(fs.readFileSync(stored)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1024);

    const site = await upload(admin, 'site', jpeg, 'logo.jpg', 'image/jpeg');
    expect(site.body.url).toMatch(/^\/uploads\/site\/[a-f0-9]{32}\.jpg$/);
    expect(site.body.largeUrl).toMatch(/^\/uploads\/site\/[a-f0-9]{32}-large\.jpg$/);
    const small = await sharp(fs.readFileSync(path.join(app.dataDir, site.body.url ?? ''))).metadata();
    expect(small.width).toBe(256);
  });

  it('decides the type by content: SVG, HTML or text named .png is refused', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [file, name, type] of [
      [svg, 'icon.svg', 'image/svg+xml'],
      [svg, 'icon.png', 'image/png'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png'],
      [
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
        'x.png',
        'image/png',
      ],
    ] as const) {
      const response = await upload(admin, 'service', file, name, type);
      expect(response.status).toBe(415);
      expect(response.body).toMatchObject({ message: UPLOAD_MSG.invalidTypeDetail, error: UPLOAD_MSG.invalidType });
    }
  });

  it('strips whatever a polyglot appends after the image', async () => {
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const response = await upload(admin, 'game', polyglot);
    expect(response.status).toBe(200);
    const stored = fs.readFileSync(path.join(app.dataDir, response.body.url ?? ''));
    expect(stored.includes('<script>')).toBe(false);
  });

  it('refuses empty, truncated and bomb images without crashing', async () => {
    expect((await upload(admin, 'service', Buffer.alloc(0))).status).toBe(400);
    const truncated = await upload(admin, 'service', jpeg.subarray(0, 200), 'cut.jpg', 'image/jpeg');
    expect(truncated.status).toBe(400);
    expect(truncated.body.message).toBe(UPLOAD_MSG.undecodable);
    const bomb = await upload(admin, 'service', withClaimedSize(png, 60_000, 60_000));
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toBe(UPLOAD_MSG.tooManyPixels);
  });

  for (const format of ['jpeg', 'png'] as const) {
    it(`stores real ${format.toUpperCase()} photos of ${PHOTO_SIZES_MB.join(', ')} MB`, async () => {
      for (const size of PHOTO_SIZES_MB) {
        const photo = await photoOfSize(format, size * MB);
        const type = format === 'png' ? 'image/png' : 'image/jpeg';
        const response = await upload(admin, 'service', photo, `photo.${format}`, type);
        expect(response.status, `${size} MB: ${response.text}`).toBe(200);
        const stored = await sharp(fs.readFileSync(path.join(app.dataDir, response.body.url ?? ''))).metadata();
        expect(stored.format).toBe(format);
        expect(Math.max(stored.width ?? 0, stored.height ?? 0)).toBe(1024);
      }
    }, 120_000);
  }

  it('refuses a streamed form over 5 MB with 413 while the client is still sending it', async () => {
    // No Content-Length (chunked), so only the streaming cap can stop it: the answer comes before the body ends.
    const boundary = 'streamed-boundary';
    const request = http.request(`${app.baseUrl}/api/upload/service`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; '),
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    request.write(png);
    // 6 MB of file data, and the request is never ended: a server that waited for the whole body would never answer.
    for (let sent = 0; sent < 6 * MB; sent += 64 * 1024) request.write(Buffer.alloc(64 * 1024, 1));
    const answer = await answered;
    request.destroy();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ message: UPLOAD_MSG.tooLargeDetail, error: UPLOAD_MSG.tooLarge });
  });

  it('answers a form whose bytes stop arriving with 400 and closes the connection, instead of waiting for ever', async () => {
    const boundary = 'stalled-boundary';
    const request = http.request(`${app.baseUrl}/api/upload/service`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; '),
      },
    });
    const answered = new Promise<{ status: number; body: string; connection: string | undefined }>(
      (resolve, reject) => {
        request.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }),
          );
        });
        request.on('error', reject);
      },
    );
    // Half a form, then nothing: the request is never ended (the server notices after 10 s without bytes).
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n`);
    request.write(png.subarray(0, 100));
    const answer = await answered;
    request.destroy();
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ message: UPLOAD_MSG.malformedForm });
    expect(answer.connection).toBe('close');
  }, 60_000);

  it('refuses more than 5 MB with 413 and SPEC texts', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const response = await upload(admin, 'service', big);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ message: UPLOAD_MSG.tooLargeDetail, error: UPLOAD_MSG.tooLarge });
  });

  it('refuses an unknown type and keeps files inside their folder', async () => {
    for (const kind of ['avatar', '..', '..%2F..%2Fetc']) {
      const response = await upload(admin, kind, png);
      expect([400, 404]).toContain(response.status);
    }
    const entries = fs.readdirSync(path.join(app.dataDir, 'uploads'));
    expect(entries.every((entry) => ['service', 'game', 'site'].includes(entry))).toBe(true);
  });

  it('is for administrators only', async () => {
    expect((await upload(await actors.user.signIn(), 'service', png)).status).toBe(403);
    expect((await upload(app.client(), 'service', png)).status).toBe(401);
  });
});

describe('upload from URL (SSRF-safe)', () => {
  let imageServer: http.Server;
  let imageBase: string;
  let wideApp: TestApp;
  let wideAdmin: TestClient;
  const photos = new Map<string, { type: string; file: Buffer }>();

  beforeAll(async () => {
    imageServer = http.createServer((request, response) => {
      if (request.url === '/logo.png') {
        response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      } else if (request.url?.startsWith('/photo/')) {
        const photo = photos.get(request.url.slice('/photo/'.length));
        if (photo) response.writeHead(200, { 'content-type': photo.type }).end(photo.file);
        else response.writeHead(404).end();
      } else if (request.url === '/to-metadata') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      } else if (request.url === '/loop') {
        response.writeHead(302, { location: '/loop' }).end();
      } else if (request.url === '/huge') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.write(png);
        const chunk = Buffer.alloc(64 * 1024, 7);
        let sent = 0;
        const pump = () => {
          while (sent < 8 * 1024 * 1024) {
            sent += chunk.length;
            if (!response.write(chunk)) {
              response.once('drain', pump);
              return;
            }
          }
          response.end();
        };
        pump();
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
    const address = imageServer.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    imageBase = `http://127.0.0.1:${address.port}`;
    // This app may reach 127.0.0.1 (and nothing else loopback) so the happy path can be tested locally.
    wideApp = await startTestApp({ outboundPolicy: (ip) => ip === '127.0.0.1' });
    wideAdmin = await (await createActors(wideApp)).admin.signIn();
  });
  afterAll(async () => {
    await wideApp.close();
    imageServer.closeAllConnections();
    await new Promise((resolve) => imageServer.close(resolve));
  });

  it('fetches, checks and stores an image when the address is allowed', async () => {
    const response = await wideAdmin.post('/api/upload/service', {
      imageUrl: `${imageBase}/logo.png`,
      type: 'service',
    });
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(/^\/uploads\/service\/[a-f0-9]{32}\.png$/);
  });

  for (const format of ['jpeg', 'png'] as const) {
    it(`fetches real ${format.toUpperCase()} photos of ${PHOTO_SIZES_MB.join(', ')} MB, and refuses one over 5 MB`, async () => {
      for (const size of [...PHOTO_SIZES_MB, 5.2]) {
        const name = `${size}.${format}`;
        photos.set(name, { type: `image/${format}`, file: await photoOfSize(format, size * MB) });
        const response = await wideAdmin.post<{ url?: string }>('/api/upload/game', {
          imageUrl: `${imageBase}/photo/${name}`,
        });
        if (size > 5) {
          expect(response.status, name).toBe(413);
          expect(response.body).toMatchObject({ message: UPLOAD_MSG.tooLargeDetail, error: UPLOAD_MSG.tooLarge });
          continue;
        }
        expect(response.status, `${name}: ${response.text}`).toBe(200);
        const stored = await sharp(fs.readFileSync(path.join(wideApp.dataDir, response.body.url ?? ''))).metadata();
        expect(stored.format).toBe(format);
      }
    }, 120_000);
  }

  it('re-checks redirects, stops loops and caps the size', async () => {
    const redirected = await wideAdmin.post('/api/upload/service', { imageUrl: `${imageBase}/to-metadata` });
    expect(redirected.status).toBe(400);
    expect(redirected.body.message).toBe(UPLOAD_MSG.urlRefused);
    const loop = await wideAdmin.post('/api/upload/service', { imageUrl: `${imageBase}/loop` });
    expect(loop.status).toBe(400);
    const huge = await wideAdmin.post('/api/upload/service', { imageUrl: `${imageBase}/huge` });
    expect(huge.status).toBe(413);
  });

  it('with the default policy refuses loopback, metadata and unspecified addresses in every spelling', async () => {
    const port = new URL(imageBase).port;
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `2130706433:${port}`,
      `0x7f.0.0.1:${port}`,
      `0177.0.0.1:${port}`,
      `[::1]:${port}`,
      `[::ffff:127.0.0.1]:${port}`,
      '169.254.169.254',
      '0.0.0.0',
      '[::]',
    ]) {
      const response = await admin.post('/api/upload/service', { imageUrl: `http://${host}/logo.png` });
      expect(response.status, host).toBe(400);
      expect(response.body.message, host).toBe(UPLOAD_MSG.urlRefused);
    }
  });

  it('accepts only http(s) URLs', async () => {
    for (const imageUrl of [
      'file:///etc/passwd',
      'gopher://127.0.0.1/',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
    ]) {
      const response = await admin.post('/api/upload/service', { imageUrl });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Please enter a valid URL');
    }
  });
});
