import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { errorWire } from '#shared/schemas/common';
import type { RouteEntry } from '../http/access-control.ts';
import { SESSION_COOKIE } from '../http/session-cookie.ts';
import './route-docs.ts';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

/** The OpenAPI 3.1 document as this module writes it (open-ended: it is JSON for other tools). */
// A type, not an interface: the route's zod answer is an open object, which an interface does not satisfy.
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, JsonSchema>; schemas: Record<string, JsonSchema> };
};

export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  tags: string[];
  parameters?: JsonSchema[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  security: Record<string, string[]>[];
  /** Who may call it with a session (src/server/http/access.ts). */
  'x-access': RouteEntry['access'];
  /** The scope an API key needs; absent when keys are refused. */
  'x-api-key-scope'?: string;
}

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). Refinements and transforms cannot be written in
 *  JSON Schema: they are left out, and the route still enforces them. */
export function jsonSchemaOf(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

/** The API's version: SPEC's contract, which changes only by adding (routes, optional fields). */
export const API_VERSION = '1.0';

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function isZod(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** `/api/services/:id` → `/api/services/{id}`; a parameter's pattern (`:slug([a-z0-9-]+)`) is its schema's. */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');
}

/** `GET /api/services/:id/history` → `getServicesByIdHistory`: unique, stable, readable. */
function operationId(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-.]/)));
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** The reference groups operations by the first path segment after /api (health and metrics on their own). */
function tagOf(url: string): string {
  const segments = url.split('/').filter(Boolean);
  const first = segments[0] === 'api' ? segments[1] : segments[0];
  return first ?? 'root';
}

function parametersOf(schema: unknown, where: 'path' | 'query'): JsonSchema[] {
  if (!isZod(schema)) return [];
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function requestBodyOf(route: RouteEntry): OpenApiOperation['requestBody'] {
  const schema = route.schema;
  if (isZod(schema?.body)) {
    const optional = schema.body.safeParse(undefined).success;
    return { required: !optional, content: { 'application/json': { schema: jsonSchemaOf(schema.body, 'input') } } };
  }
  if (schema?.requestContent) {
    const content = Object.fromEntries(
      Object.entries(schema.requestContent).map(([type, body]) => [type, { schema: jsonSchemaOf(body, 'input') }]),
    );
    return { required: true, content };
  }
  return undefined;
}

interface ContentAnswer {
  description?: string;
  content: Record<string, { schema: z.ZodType }>;
}

function isContentAnswer(value: unknown): value is ContentAnswer {
  return typeof value === 'object' && value !== null && 'content' in value;
}

/** One declared answer: JSON from a zod schema, another media type, or no body (a redirect). */
function answerOf(status: string, declared: unknown): OpenApiOperation['responses'][string] {
  const fallback = STATUS_CODES[Number(status)] ?? 'Answer';
  if (isContentAnswer(declared)) {
    const content = Object.fromEntries(
      Object.entries(declared.content).map(([type, { schema }]) => [type, { schema: jsonSchemaOf(schema, 'output') }]),
    );
    return { description: declared.description ?? fallback, content };
  }
  if (!isZod(declared)) throw new Error(`answer ${status} is not a zod schema`);
  const description = declared.description ?? fallback;
  if (declared instanceof z.ZodUndefined) return { description };
  return { description, content: { 'application/json': { schema: jsonSchemaOf(declared, 'output') } } };
}

function responsesOf(route: RouteEntry): OpenApiOperation['responses'] {
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  const responses: OpenApiOperation['responses'] = {};
  for (const [status, answer] of Object.entries(declared)) responses[status] = answerOf(status, answer);
  // Every failure has one shape (http/error-handler.ts), whatever the status.
  responses.default = {
    description: 'An error: the status says which, the message says why',
    content: { 'application/json': { schema: ERROR_REF } },
  };
  return responses;
}

function securityOf(route: RouteEntry): Record<string, string[]>[] {
  if (route.access === 'public') return [];
  const session = { session: [] };
  return route.apiKeyScope ? [session, { apiKey: [route.apiKeyScope] }] : [session];
}

function operationOf(route: RouteEntry): OpenApiOperation {
  const schema = route.schema;
  const parameters = [...parametersOf(schema?.params, 'path'), ...parametersOf(schema?.querystring, 'query')];
  const requestBody = requestBodyOf(route);
  return {
    operationId: operationId(route.method, route.url),
    ...(schema?.summary ? { summary: schema.summary } : {}),
    tags: [tagOf(route.url)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(route),
    security: securityOf(route),
    'x-access': route.access,
    ...(route.apiKeyScope ? { 'x-api-key-scope': route.apiKeyScope } : {}),
  };
}

/** The OpenAPI 3.1 document of every API route, written from the routes' own zod schemas (issue 15). */
export function buildOpenApiDocument(routes: readonly RouteEntry[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Homelab Dashboard API',
      version: API_VERSION,
      description:
        'Every route of this server. Browsers sign in with a session cookie; scripts send an API key as ' +
        '`Authorization: Bearer <key>` on the routes whose `x-api-key-scope` the key holds (`admin` implies `read`).',
    },
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key made in Settings > API keys' },
      },
      schemas: { Error: jsonSchemaOf(errorWire.loose(), 'output') },
    },
  };
}
