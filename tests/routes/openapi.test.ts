import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath, type OpenApiDocument, type OpenApiOperation } from '../../src/server/openapi/openapi-document.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { OpenApiAnswers, schemaChecker } from '../helpers/openapi-answers.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
let document: OpenApiDocument;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app);
  admin = await actors.admin.signIn();
  const response = await admin.get<OpenApiDocument>('/api/openapi.json');
  expect(response.status, response.text).toBe(200);
  document = response.body;
});
afterAll(async () => {
  await app.close();
});

function operation(method: string, path: string): OpenApiOperation {
  const found = document.paths[path]?.[method.toLowerCase()];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Homelab Dashboard API');
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('lists every registered route with its access, key scope and a summary', () => {
    expect(app.built.routes.length).toBeGreaterThan(60);
    for (const route of app.built.routes) {
      const path = openApiPath(route.url);
      const entry = operation(route.method, path);
      expect(entry['x-access'], `${route.method} ${route.url}`).toBe(route.access);
      expect(entry['x-api-key-scope'], `${route.method} ${route.url}`).toBe(route.apiKeyScope);
      expect(entry.summary, `${route.method} ${route.url} has no summary`).toMatch(/\w/);
      expect(entry.security.length === 0, `${route.method} ${route.url}`).toBe(route.access === 'public');
    }
    const documented = Object.values(document.paths).reduce((count, item) => count + Object.keys(item).length, 0);
    expect(documented).toBe(app.built.routes.length);
  });

  it('declares a success answer, the error answer and every path parameter of each operation', () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, entry] of Object.entries(item)) {
        const success = Object.keys(entry.responses).filter((status) => /^[23]\d\d$/.test(status));
        expect(success.length, `${method} ${path} declares no success answer`).toBeGreaterThan(0);
        expect(entry.responses.default?.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/Error',
        });
        const named = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        const inPath = (entry.parameters ?? []).filter((parameter) => parameter.in === 'path');
        expect(inPath.map((parameter) => parameter.name).sort(), `${method} ${path}`).toEqual(named.sort());
        expect(ids.has(entry.operationId), entry.operationId).toBe(false);
        ids.add(entry.operationId);
      }
    }
  });

  it('has JSON schemas that compile, with the request bodies routes validate', () => {
    const ajv = schemaChecker();
    ajv.addSchema({ $id: 'components', ...document.components });
    const schemas = JSON.stringify(document.paths).replaceAll('"#/components/', '"components#/');
    for (const [path, item] of Object.entries(JSON.parse(schemas) as OpenApiDocument['paths'])) {
      for (const [method, entry] of Object.entries(item)) {
        for (const media of Object.values(entry.requestBody?.content ?? {})) {
          expect(() => ajv.compile(media.schema), `${method} ${path}`).not.toThrow();
        }
        for (const answer of Object.values(entry.responses)) {
          for (const media of Object.values(answer.content ?? {})) {
            expect(() => ajv.compile(media.schema), `${method} ${path}`).not.toThrow();
          }
        }
      }
    }
    const login = operation('POST', '/api/login').requestBody;
    expect(login?.required).toBe(true);
    expect(login?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: ['username', 'password'],
    });
    const upload = operation('POST', '/api/upload/{type}').requestBody?.content ?? {};
    expect(Object.keys(upload).sort()).toEqual(['application/json', 'multipart/form-data']);
  });

  it('names the upload form fields the server reads: an image sent as the document says is stored', async () => {
    const form = operation('POST', '/api/upload/{type}').requestBody?.content['multipart/form-data']?.schema as {
      properties?: Record<string, { format?: string }>;
    };
    const fileFields = Object.entries(form.properties ?? {}).filter(([, field]) => field.format === 'binary');
    expect(fileFields.map(([name]) => name)).toEqual(['image']);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const data = new FormData();
    data.append(fileFields[0]?.[0] ?? '', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const stored = await admin.request<{ url?: string }>('POST', '/api/upload/site', { form: data });
    expect(stored.status, stored.text).toBe(200);
    expect(stored.body.url).toMatch(/^\/uploads\//);
  });

  it('describes the answers that are not JSON by their media type', () => {
    expect(Object.keys(operation('GET', '/metrics').responses['200']?.content ?? {})).toEqual(['text/plain']);
    expect(Object.keys(operation('GET', '/api/events').responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect(Object.keys(operation('GET', '/api/config/export').responses['200']?.content ?? {})).toEqual([
      'application/yaml',
    ]);
    const reset = operation('GET', '/api/reset-password/{token}').responses['303'];
    expect(reset?.description).toMatch(/Redirect/);
    expect(reset?.content).toBeUndefined();
  });

  it('keeps secrets out: the settings answers name only whether a secret is set', () => {
    const text = JSON.stringify(document.paths['/api/integrations/plex']?.get?.responses['200']);
    expect(text).toContain('token_set');
    expect(text).not.toMatch(/"token"/);
  });

  it('is for administrators: users get 403, strangers 401', async () => {
    expect((await (await actors.user.signIn()).get('/api/openapi.json')).status).toBe(403);
    expect((await app.client().get('/api/openapi.json')).status).toBe(401);
  });
});

describe('the checker of route-test answers', () => {
  // Every route test's client checks its answers with this (tests/helpers/test-app.ts): it must catch a break.
  let answers: OpenApiAnswers;
  beforeAll(() => {
    answers = new OpenApiAnswers(document);
  });
  const json = 'application/json; charset=utf-8';

  it('accepts a valid answer and an error in the shared shape', () => {
    expect(answers.problem('GET', '/api/openapi.json', 200, json, JSON.stringify(document))).toBeNull();
    expect(answers.problem('DELETE', '/api/services/12', 404, json, '{"message":"Service not found"}')).toBeNull();
  });

  it('refuses a body that breaks the schema, an undeclared status and a wrong media type', () => {
    const service = { id: 1, name: 'A', url: 'https://a.example' };
    expect(answers.problem('PUT', '/api/services/1', 200, json, JSON.stringify(service))).toMatch(
      /breaks the document/,
    );
    expect(answers.problem('POST', '/api/services', 200, json, '{}')).toMatch(/status the document does not list/);
    expect(answers.problem('GET', '/metrics', 200, json, '{}')).toMatch(/not text\/plain/);
    expect(answers.problem('DELETE', '/api/services/1', 400, json, '{"error":"x"}')).toMatch(/breaks the document/);
    expect(answers.problem('GET', '/api/reset-password/abc', 303, null, 'hello')).toMatch(/body where/);
  });

  it('matches the route the server would (static segments before parameters)', () => {
    const summary = { status: true, activeStreamCount: 0, playing: 0, paused: 0, totalItems: 3 };
    expect(answers.problem('GET', '/api/services/plex/summary', 200, json, JSON.stringify(summary))).toBeNull();
    expect(answers.problem('GET', '/no/such/route', 200, 'text/html', '<html>')).toBeNull();
  });
});
