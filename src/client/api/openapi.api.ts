import { queryOptions } from '@tanstack/react-query';
import { apiJson } from './http.client';

/** A JSON Schema as the reference reads it (the document's schemas are JSON Schema 2020-12). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  description?: string;
  format?: string;
  $ref?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
};

export interface ApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface ApiMedia {
  schema: JsonSchema;
}

export interface ApiOperation {
  operationId: string;
  summary?: string;
  tags: string[];
  parameters?: ApiParameter[];
  requestBody?: { required: boolean; content: Record<string, ApiMedia> };
  responses: Record<string, { description: string; content?: Record<string, ApiMedia> }>;
  'x-access': string;
  'x-api-key-scope'?: string;
}

/** GET /api/openapi.json as the reference page reads it. */
export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, ApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** The server's OpenAPI document (administrators). It changes only with a new version of the server. */
export function openApiQueryOptions() {
  return queryOptions({
    queryKey: ['/api/openapi.json'] as const,
    queryFn: () => apiJson<ApiDocument>('GET', '/api/openapi.json'),
    staleTime: Infinity,
  });
}
