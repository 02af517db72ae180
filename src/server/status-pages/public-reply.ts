import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesIfNoneMatch } from '../http/entity-tag.ts';
import type { TimedAnswer } from './timed-answers.ts';

/**
 * Sends a public answer with its entity tag and `cacheControl`; a matching If-None-Match gets an empty 304.
 * Embeddable from other sites (badges in READMEs): the resource policy is cross-origin.
 */
export function sendPublicAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: TimedAnswer,
  cacheControl: string,
): FastifyReply {
  void reply
    .header('etag', answer.etag)
    .header('cache-control', cacheControl)
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('x-content-type-options', 'nosniff');
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type(answer.type).send(answer.body);
}
