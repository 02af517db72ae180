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
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => {
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
