import { z } from 'zod';

/**
 * What a route declares for its reference entry beside its zod schemas (issue 15, OpenAPI). Fastify ignores schema
 * keys it does not know, so these cost nothing at run time; the document reads them.
 * - summary: one line for the reference.
 * - requestContent: bodies Fastify does not parse with a schema, by media type (a multipart upload, a YAML
 *   document); the route reads and checks them itself.
 */
declare module 'fastify' {
  interface FastifySchema {
    summary?: string;
    requestContent?: Readonly<Record<string, z.ZodType>>;
  }
}

/**
 * A success answer that is not JSON, in Fastify's own `content` form: Fastify picks the serializer by media type,
 * and answers sent as text, a buffer or a stream never reach one.
 */
export function answerOfType(mediaType: string, schema: z.ZodType, description: string) {
  return { description, content: { [mediaType]: { schema } } };
}

/** The answer to an If-None-Match that names the current list (http/revalidated-answers.ts): no body. */
export const notModified = z.undefined().describe('Not modified: the list is still the one If-None-Match names');
