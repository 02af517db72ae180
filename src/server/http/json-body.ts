import type { FastifyInstance } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { MSG } from '#shared/messages';
import { hasLoneSurrogate } from '#shared/text';
import { AppError } from '../services/app-error.ts';

/**
 * Refuses any string, value or key, that the database could not store as sent: a NUL character (PostgreSQL
 * cannot store one) or a lone surrogate (not Unicode; SQLite and PostgreSQL would keep different bytes). Only a
 * JSON escape can produce either: URLs, headers and multipart fields are decoded from UTF-8 bytes, where an
 * invalid sequence becomes U+FFFD or a 400, never a lone surrogate.
 */
function assertStorableText(value: unknown): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new AppError('bad_request', MSG.textHasNul);
    if (hasLoneSurrogate(value)) throw new AppError('bad_request', MSG.textNotUnicode);
  } else if (Array.isArray(value)) {
    for (const item of value) assertStorableText(item);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      assertStorableText(key);
      assertStorableText(item);
    }
  }
}

/**
 * The JSON body parser: Fastify's safe parser (prototype-poisoning keys refused) plus the text check, so bad
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
      assertStorableText(value);
      done(null, value);
    } catch (error) {
      done(
        error instanceof AppError ? error : new AppError('bad_request', 'Request body is not valid JSON'),
        undefined,
      );
    }
  });
}
