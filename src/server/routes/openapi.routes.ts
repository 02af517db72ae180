import { z } from 'zod';
import type { RouteEntry } from '../http/access-control.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi/openapi-document.ts';
import type { App } from './route-context.ts';

const openApiWire = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/**
 * GET /api/openapi.json (issue 15): the OpenAPI 3.1 document of every route, for administrators and admin keys
 * (code generators, API explorers). Written once, on first request: the routes never change after start.
 */
export function openApiRoutes(app: App, routes: readonly RouteEntry[]): void {
  let document: OpenApiDocument | null = null;
  app.get(
    '/api/openapi.json',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: {
        summary: 'This document: every route, its parameters, bodies and answers',
        response: { 200: openApiWire },
      },
    },
    () => (document ??= buildOpenApiDocument(routes)),
  );
}
