import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '#shared/messages';
import { isDiskFull } from '../lib/disk-full.ts';
import { AppError, type AppErrorKind } from '../services/app-error.ts';

const STATUS: Record<AppErrorKind, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  too_many_requests: 429,
  unavailable: 503,
  bad_gateway: 502,
};

/** Maps every failure to `{ message }` with the right status; only genuine bugs become 500s (and are logged). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(STATUS[error.kind]).send({ message: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({ message: first?.message ?? 'Invalid request' });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ message: MSG.invalidJson });
    }
    if (fastifyError.statusCode !== undefined && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      // Fastify's own client errors (body too large, bad content type, bad JSON with __proto__ ...).
      return reply.status(fastifyError.statusCode).send({ message: fastifyError.message });
    }
    if (isDiskFull(error)) {
      // 507 Insufficient Storage (RFC 4918): the request was fine and can be repeated once space is freed. Nothing
      // stored is lost: the write's transaction was rolled back. Warn, without a stack: not a bug, and the same
      // line repeats for every write until an administrator frees space (readiness also says not ready).
      request.log.warn({ reason: error.message }, 'request refused: the disk is full');
      return reply.status(507).send({ message: MSG.diskFull });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: MSG.internalError });
  });
}
