import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IntegrationError, JsonClient, redact } from './json-client.ts';

describe('redact', () => {
  it('replaces every secret, also URL-encoded, and leaves short values alone', () => {
    expect(redact('token=a b+c/d&x=a%20b%2Bc%2Fd', ['a b+c/d'])).toBe('token=[redacted]&x=[redacted]');
    expect(redact('id 123', ['123'])).toBe('id 123');
  });
});

describe('JsonClient', () => {
  let server: http.Server;
  let baseUrl = '';
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url?.startsWith('/json')) response.end(JSON.stringify({ name: 'x', count: 2 }));
      else if (request.url?.startsWith('/echo-secret')) response.writeHead(500).end('tok-secret-value');
      else if (request.url?.startsWith('/html')) response.end('<html>');
      else if (request.url?.startsWith('/big')) response.end('x'.repeat(2048));
      else if (request.url?.startsWith('/bytes')) {
        response.writeHead(200, { 'content-type': 'image/png', 'x-accept-seen': request.headers.accept ?? '' });
        response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]));
      } else if (request.url?.startsWith('/xml')) {
        const status = Number(new URL(request.url, 'http://x').searchParams.get('status') ?? 200);
        response.writeHead(status, { 'content-type': 'text/xml' }).end('<Response code="410" status="gone"/>');
      } else if (request.url?.startsWith('/stall')) response.writeHead(200).write('{');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const client = () =>
    new JsonClient({ system: 'Peer', baseUrl, timeoutMs: 2_000, maxBytes: 1024, secrets: () => ['tok-secret-value'] });
  const schema = z.object({ name: z.string(), count: z.number() });

  async function failure(promise: Promise<unknown>): Promise<IntegrationError> {
    const error: unknown = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(IntegrationError);
    return error as IntegrationError;
  }

  it('returns the validated answer', async () => {
    expect((await client().request({ path: '/json', schema })).data).toEqual({ name: 'x', count: 2 });
  });

  it('a shape that does not match is a bad response naming the field', async () => {
    const error = await failure(client().request({ path: '/json', schema: z.object({ name: z.number() }) }));
    expect(error.kind).toBe('bad_response');
    expect(error.message).toContain('at name');
  });

  it('non-JSON, oversize and non-2xx answers are typed errors', async () => {
    expect((await failure(client().request({ path: '/html', schema }))).kind).toBe('bad_response');
    expect((await failure(client().request({ path: '/big', schema }))).kind).toBe('bad_response');
    const status = await failure(client().request({ path: '/missing', schema }));
    expect(status).toMatchObject({ kind: 'http_status', status: 404 });
  });

  it('keeps secrets out of messages, in the path and query too', async () => {
    const error = await failure(
      client().request({ path: '/echo-secret/tok-secret-value', query: { t: 'tok-secret-value' }, schema }),
    );
    expect(error.message).not.toContain('tok-secret-value');
  });

  describe('bytes and text', () => {
    it('returns the bytes, the headers and the Accept asked for', async () => {
      const answer = await client().requestBytes({ path: '/bytes', accept: 'image/*' });
      expect([...answer.body]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(answer.headers.get('x-accept-seen')).toBe('image/*');
    });

    it('applies a smaller cap of the request, and never a larger one than the client', async () => {
      const small = await failure(client().requestBytes({ path: '/bytes', maxBytes: 4 }));
      expect(small.kind).toBe('bad_response');
      const large = await failure(client().requestBytes({ path: '/big', maxBytes: 1_000_000 }));
      expect(large.kind).toBe('bad_response');
    });

    it('reads text, and a non-2xx one only when the caller accepts that status', async () => {
      expect((await client().requestText({ path: '/xml' })).body).toBe('<Response code="410" status="gone"/>');
      const accepted = await client().requestText({ path: '/xml', query: { status: '410' } }, [410]);
      expect(accepted).toMatchObject({ status: 410, body: '<Response code="410" status="gone"/>' });
      const refused = await failure(client().requestText({ path: '/xml', query: { status: '410' } }));
      expect(refused).toMatchObject({ kind: 'http_status', status: 410 });
    });

    it('maps a missing status, a peer that is down and a stalled answer to the same typed errors', async () => {
      expect((await failure(client().requestBytes({ path: '/missing' }))).status).toBe(404);
      const down = new JsonClient({ system: 'Peer', baseUrl: 'http://127.0.0.1:9/', timeoutMs: 2_000 });
      expect((await failure(down.requestBytes({ path: '/bytes' }))).kind).toBe('unreachable');
      const impatient = new JsonClient({ system: 'Peer', baseUrl, timeoutMs: 200 });
      expect((await failure(impatient.requestText({ path: '/stall' }))).kind).toBe('timeout');
    });
  });

  describe('with a guard', () => {
    // Refuses loopback, so 127.0.0.1 (literal) and localhost (a name) are both refused before anything is sent.
    const guard = {
      allows: (address: string) => address !== '127.0.0.1' && address !== '::1',
      refusal: (host: string, address: string) => `${host} is ${address}, not allowed`,
    };
    const guarded = (url: string) => new JsonClient({ system: 'Peer', baseUrl: url, timeoutMs: 2_000, guard });

    it('refuses an IP literal before dispatch', async () => {
      const error = await failure(guarded(baseUrl).request({ path: '/json', schema }));
      expect(error).toMatchObject({ kind: 'refused', message: 'Peer: 127.0.0.1 is 127.0.0.1, not allowed' });
    });

    it('refuses a name on the address it resolves to, in the connection itself', async () => {
      const client = guarded(baseUrl.replace('127.0.0.1', 'localhost'));
      const error = await failure(client.request({ path: '/json', schema }));
      expect(error.kind).toBe('refused');
      expect(error.message).toMatch(/^Peer: localhost is (127\.0\.0\.1|::1), not allowed$/);
      await client.close();
    });

    it('connects where the guard allows', async () => {
      const open = new JsonClient({
        system: 'Peer',
        baseUrl,
        timeoutMs: 2_000,
        guard: { ...guard, allows: () => true },
      });
      expect((await open.request({ path: '/json', schema })).data).toEqual({ name: 'x', count: 2 });
      await open.close();
    });
  });
});
