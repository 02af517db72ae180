import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installAccessControl, markServesFiles } from './access-control.ts';
import { registerErrorHandler } from './error-handler.ts';

function bareApp() {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.decorateRequest('auth', null);
  const routes = installAccessControl(app, {
    publicOrigin: 'http://localhost:5000',
    hasSessionCookie: () => false,
    resolveSession: () => Promise.resolve(null),
    resolveApiKey: () => Promise.resolve(null),
  });
  return { app, routes };
}

describe('installAccessControl', () => {
  it('refuses to start with a route that declares no access level (deny by default)', async () => {
    const { app } = bareApp();
    app.get('/api/forgotten', () => Promise.resolve({ secret: true }));
    await expect(app.ready()).rejects.toThrow('Route GET /api/forgotten declares no access level');
  });

  it('refuses a route without an access level outside /api too', async () => {
    const { app } = bareApp();
    app.post('/healthz', () => Promise.resolve({ ok: true }));
    await expect(app.ready()).rejects.toThrow('declares no access level');
  });

  it('refuses to start with a key scope on a public route, or the read scope on a route that changes state', async () => {
    const onPublic = bareApp().app;
    onPublic.get('/api/open', { config: { access: 'public', apiKeyScope: 'read' } }, () => Promise.resolve({}));
    await expect(onPublic.ready()).rejects.toThrow('declares apiKeyScope on a public route');
    const readWrite = bareApp().app;
    readWrite.post('/api/thing', { config: { access: 'admin', apiKeyScope: 'read' } }, () => Promise.resolve({}));
    await expect(readWrite.ready()).rejects.toThrow('declares the read scope on a route that changes state');
  });

  it('lists the key scope a route declares, and answers 401 to a key it cannot resolve', async () => {
    const { app, routes } = bareApp();
    app.get('/api/things', { config: { access: 'approved', apiKeyScope: 'read' } }, () => Promise.resolve([]));
    await app.ready();
    expect(routes).toEqual([{ method: 'GET', url: '/api/things', access: 'approved', apiKeyScope: 'read' }]);
    const response = await app.inject({ method: 'GET', url: '/api/things', headers: { authorization: 'Bearer x' } });
    expect(response.statusCode).toBe(401);
  });

  it('decides from the matched route: an encoded spelling of a protected path is refused like the plain one', async () => {
    const { app, routes } = bareApp();
    app.get('/api/secret', { config: { access: 'admin' } }, () => Promise.resolve({ secret: true }));
    await app.ready();
    expect(routes).toEqual([{ method: 'GET', url: '/api/secret', access: 'admin' }]);
    for (const url of ['/api/secret', '/%61pi/secret', '/ap%69/secret', '/api/s%65cret']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('lets the routes of a file-serving scope through without a session and keeps them out of the route table', async () => {
    const { app, routes } = bareApp();
    await app.register((scope, _options, done) => {
      scope.addHook('onRoute', markServesFiles);
      scope.get('/file.txt', () => Promise.resolve('file'));
      done();
    });
    await app.ready();
    expect(routes).toEqual([]);
    const response = await app.inject({ method: 'GET', url: '/file.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBeUndefined();
  });
});
