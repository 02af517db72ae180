import type { FastifyInstance } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { AppError } from '../services/app-error.ts';

/** Refuses any string that holds a NUL character: PostgreSQL cannot store one, and no field of ours needs it. */
function assertNoNul(value: unknown): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new AppError('bad_request', 'Text may not contain NUL characters');
  } else if (Array.isArray(value)) {
    for (const item of value) assertNoNul(item);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      assertNoNul(key);
      assertNoNul(item);
    }
  }
}

/**
 * The JSON body parser: Fastify's safe parser (prototype-poisoning keys refused) plus the NUL check, so bad
 * text gets a 400 before it reaches a service or the database. Same rules for both database dialects.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      const value: unknown = secureJsonParse.parse(text, undefined, {
        protoAction: 'error',
        constructorAction: 'error',
      });
      assertNoNul(value);
      done(null, value);
    } catch (error) {
      done(
        error instanceof AppError ? error : new AppError('bad_request', 'Request body is not valid JSON'),
        undefined,
      );
    }
  });
}
