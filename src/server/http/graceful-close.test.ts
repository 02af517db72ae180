import http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerGracefulClose } from './graceful-close.ts';

/** A server with one route that answers when the test releases it, and a way to send it a request. */
async function slowServer(graceMs: number) {
  const app = Fastify({ logger: false });
  let release: () => void = () => {};
  let arrived: () => void = () => {};
  const inHandler = new Promise<void>((resolve) => (arrived = resolve));
  app.get('/slow', async () => {
    arrived();
    await new Promise<void>((resolve) => (release = resolve));
    return { done: true };
  });
  const close = registerGracefulClose(app, graceMs);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const agent = new http.Agent({ keepAlive: true });
  const get = () =>
    new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/slow', agent }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
          );
          response.on('error', reject);
        })
        .on('error', reject);
    });
  return { app, port, close, get, inHandler, release: () => release() };
}

describe('graceful close', () => {
  it('lets a request in progress finish, tells its keep-alive connection to close, and accepts no new one', async () => {
    const server = await slowServer(60_000);
    const answer = server.get();
    await server.inHandler;
    const closed = server.close();
    // The listening socket closes at once: a new connection is refused (or reset, if it was already in the backlog)
    // while the old request still runs.
    await expect(
      new Promise((resolve, reject) => {
        http.get({ host: '127.0.0.1', port: server.port, path: '/slow', agent: false }, resolve).on('error', reject);
      }),
    ).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
    server.release();
    expect(await answer).toEqual({ status: 200, connection: 'close', body: '{"done":true}' });
    await closed;
    expect(server.close()).toBe(closed);
  });

  it('cuts the connection of a request still running after the grace period', async () => {
    const server = await slowServer(50);
    const answer = server.get();
    await server.inHandler;
    await server.close();
    await expect(answer).rejects.toThrow(/socket hang up|ECONNRESET/);
    server.release();
  });
});
