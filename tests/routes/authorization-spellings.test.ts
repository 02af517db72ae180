import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTOR_KINDS, createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { rawRequest, type RawResponse } from '../helpers/raw-request.ts';
import { isApiPath } from '../../src/server/http/api-path.ts';
import { REVALIDATED_CACHE_CONTROL } from '../../src/server/http/revalidated-answers.ts';
import { keyHeaders } from '../helpers/api-key-headers.ts';
import { EXPECTED, KEY_KINDS, concretePath, type KeyKind } from '../helpers/route-access.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The authorization matrix again, under every odd spelling of every route's path (issue 10: `/%61pi/users`
 * once reached the users list with no session). Whatever the spelling, each actor must get exactly the
 * answer the plain path gives, or a 404; the answer is JSON and never cached (the polled lists' successful
 * answers excepted: kept but revalidated, docs/decisions/0013). The app serves a (tiny) built
 * client here, so that paths no route matches meet the production not-found handler.
 */

/** The lists the dashboard polls: their successful answers carry an ETag and are revalidated, not no-store. */
const REVALIDATED_LISTS = new Set(['GET /api/services', 'GET /api/game-servers']);

/** Each spelling takes the plain path (`/api/...`) and returns another way to write it. */
const SPELLINGS: Record<string, (plain: string) => string> = {
  'encoded a': (p) => p.replace('/api/', '/%61pi/'),
  'encoded i': (p) => p.replace('/api/', '/ap%69/'),
  'encoded prefix': (p) => p.replace('/api/', '/%61%70%69/'),
  'encoded capital A': (p) => p.replace('/api/', '/%41pi/'),
  'double-encoded a': (p) => p.replace('/api/', '/%2561pi/'),
  'encoded letter in the last segment': (p) =>
    p.replace(/([a-z])([^/]*)$/, (_m, c: string, rest: string) => `%${c.charCodeAt(0).toString(16)}${rest}`),
  'leading double slash': (p) => `/${p}`,
  'inner double slash': (p) => p.replace('/api/', '/api//'),
  'leading dot segment': (p) => `/.${p}`,
  'inner dot segment': (p) => p.replace('/api/', '/api/./'),
  'parent segment': (p) => `/x/..${p}`,
  'encoded dot segment': (p) => `/%2e${p}`,
  'upper case prefix': (p) => p.replace('/api/', '/API/'),
  'mixed case prefix': (p) => p.replace('/api/', '/Api/'),
  'upper case last segment': (p) => p.replace(/[^/]+$/, (segment) => segment.toUpperCase()),
  'semicolon after prefix': (p) => p.replace('/api/', '/api;x/'),
  'semicolon at the end': (p) => `${p};x`,
  'encoded slash': (p) => p.replace('/api/', '/api%2f'),
  'encoded upper-case slash': (p) => p.replace('/api/', '/api%2F'),
  backslash: (p) => p.replace('/api/', '/api\\'),
  'encoded backslash': (p) => p.replace('/api/', '/api%5c'),
  'trailing slash': (p) => `${p}/`,
  'trailing dot': (p) => `${p}.`,
  'trailing encoded dot': (p) => `${p}%2e`,
  'trailing encoded space': (p) => `${p}%20`,
  'trailing encoded NUL': (p) => `${p}%00`,
  'trailing encoded tab': (p) => `${p}%09`,
  'trailing query': (p) => `${p}?api=1`,
  'empty query': (p) => `${p}?`,
};

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let keys: Record<KeyKind, Record<string, string>>;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homelab-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>client</title>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  app = await startTestApp({ clientDir });
  actors = await createActors(app);
  keys = await keyHeaders(actors.admin);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

function cookieHeader(client: TestClient): Record<string, string> {
  return client.cookies.size === 0 ? {} : { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
}

async function send(client: TestClient, method: string, rawPath: string, extra: Record<string, string> = {}) {
  const hasBody = method !== 'GET' && method !== 'DELETE';
  return rawRequest(app.baseUrl, method, rawPath, {
    headers: { ...cookieHeader(client), ...(hasBody ? { 'content-type': 'application/json' } : {}), ...extra },
    body: hasBody ? '{}' : undefined,
  });
}

/**
 * What a spelling may answer: the plain path's answer or a 404. Where the plain path is admitted, a spelling
 * that runs into a parameter (`/api/users/999999;x`) changes the parameter's value, so a 400 is fine too.
 */
/** Routes that answer an admitted caller with something else than JSON: an event stream, Prometheus' text, a YAML file. */
const NOT_JSON: Record<string, RegExp> = {
  'GET /api/events': /^text\/event-stream/,
  'GET /metrics': /^text\/plain; version=0\.0\.4/,
  'GET /api/config/export': /^application\/yaml/,
};

function allowedAnswers(plainStatus: number, pattern: string): number[] {
  const isAdmitted = plainStatus !== 401 && plainStatus !== 403;
  return isAdmitted && pattern.includes('/:') ? [plainStatus, 404, 400] : [plainStatus, 404];
}

/** The built client's page: what a path outside /api that no route matches gets (the health probes live there). */
function isClientPage(response: RawResponse): boolean {
  return response.status === 200 && response.text.includes('<title>client</title>');
}

function isRedirect(response: RawResponse): boolean {
  return response.status >= 300 && response.status < 400;
}

function summary(response: RawResponse): string {
  return `${response.status} ${response.text.slice(0, 120)}`;
}

/**
 * What a spelling of `route`'s path may answer, given the plain path's answer: the same status or a 404 (a 400 where
 * the spelling runs into a parameter), the route's content type, and its caching header. A path outside /api that
 * no route matches gets the client's page, as any other page path.
 */
function expectSpelledAnswer(route: string, request: string, expected: RawResponse, response: RawResponse): void {
  const [, pattern = ''] = route.split(' ');
  if (!isApiPath(concretePath(pattern)) && isClientPage(response)) return;
  const context = `${request} answered ${summary(response)}; plain ${expected.status}`;
  expect(allowedAnswers(expected.status, pattern), context).toContain(response.status);
  if (!isRedirect(response)) {
    const type = (response.status === 200 && NOT_JSON[route]) || /^application\/json/;
    expect(response.headers['content-type'], context).toMatch(type);
  }
  const revalidated = REVALIDATED_LISTS.has(route) && response.status === 200;
  expect(response.headers['cache-control'], context).toBe(revalidated ? REVALIDATED_CACHE_CONTROL : 'no-store');
}

describe('every route under every spelling of its path', () => {
  for (const [route] of Object.entries(EXPECTED)) {
    const [method = 'GET', pattern = ''] = route.split(' ');
    const plain = concretePath(pattern);
    // Logging out ends the session, so that route gets a fresh sign-in before every request.
    const endsSession = route === 'POST /api/logout';
    for (const kind of ACTOR_KINDS) {
      it(`${route} as ${kind}`, async () => {
        let client = await actors[kind].signIn();
        const expected = await send(client, method, plain);
        expect(expected.status, summary(expected)).toBeLessThan(500);
        for (const [name, spell] of Object.entries(SPELLINGS)) {
          if (endsSession) client = await actors[kind].signIn();
          const spelled = spell(plain);
          const response = await send(client, method, spelled);
          expectSpelledAnswer(route, `${name}: ${method} ${spelled}`, expected, response);
        }
      });
    }
  }
});

describe('every route with an API key under every spelling of its path', () => {
  for (const [route] of Object.entries(EXPECTED)) {
    const [method = 'GET', pattern = ''] = route.split(' ');
    const plain = concretePath(pattern);
    it.each(KEY_KINDS)(`${route} with a %s key`, async (kind) => {
      const anonymous = await actors.anonymous.signIn();
      const expected = await send(anonymous, method, plain, keys[kind]);
      expect(expected.status, summary(expected)).toBeLessThan(500);
      for (const [name, spell] of Object.entries(SPELLINGS)) {
        const spelled = spell(plain);
        const response = await send(anonymous, method, spelled, keys[kind]);
        expectSpelledAnswer(route, `${name}: ${method} ${spelled}`, expected, response);
      }
    });
  }
});

describe('cross-site requests under odd spellings', () => {
  const stateChanging = Object.keys(EXPECTED).filter((route) => !route.startsWith('GET '));
  it.each(stateChanging)('%s from another site is refused under every spelling', async (route) => {
    const [method = 'POST', pattern = ''] = route.split(' ');
    const client = await actors.superadmin.signIn();
    for (const [name, spell] of Object.entries(SPELLINGS)) {
      const response = await send(client, method, spell(concretePath(pattern)), { origin: 'http://evil.test' });
      expect(response.status, `${name}: ${summary(response)}`).toBe(403);
    }
  });
});

describe('paths no route matches', () => {
  it('API-like paths get a JSON 404 under any spelling; other paths get the client page', async () => {
    for (const rawPath of [
      '/API/users',
      '//api/users',
      '/api;x/users',
      '/api%2fusers',
      '/%2561pi/users',
      '/x/../api/nope',
    ]) {
      const response = await rawRequest(app.baseUrl, 'GET', rawPath);
      expect(response.status, rawPath).toBe(404);
      expect(JSON.parse(response.text), rawPath).toEqual({ message: 'Not found' });
    }
    const page = await rawRequest(app.baseUrl, 'GET', '/some/client/route');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>client</title>');
  });

  it('static files are public and cacheable, and their odd spellings reveal nothing else', async () => {
    const asset = await rawRequest(app.baseUrl, 'GET', '/assets/app-1a2b3c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const rawPath of [
      '/assets/..%2findex.html',
      '/assets/%2e%2e/index.html',
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const response = await rawRequest(app.baseUrl, 'GET', rawPath);
      expect(response.text, rawPath).not.toContain('root:');
      expect([200, 403, 404], rawPath).toContain(response.status);
    }
  });
});
