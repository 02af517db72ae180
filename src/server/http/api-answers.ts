import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canSeeNsfw } from '#shared/permissions';
import type { Services } from '../services/container.ts';
import { AnswerCache } from './answer-cache.ts';
import { registerRevalidatedAnswers } from './revalidated-answers.ts';

/**
 * Which presented service list a viewer gets: what `catalog.listFor` and the route read of the viewer, namely
 * whether NSFW services are shown and the viewer's saved order. Everything else in it is the same for everyone.
 */
function serviceListKey(request: FastifyRequest): string | null {
  const user = request.auth?.user;
  if (!user) return null;
  return `${canSeeNsfw(user) ? 'all' : 'safe'}:${user.service_order.join(',')}`;
}

export interface ApiAnswersOptions {
  /**
   * Keep the presented service list in memory. Only correct where this process sees every write to the services
   * (SQLite: one instance). With PostgreSQL another instance may check or edit them, so the list is read each time.
   */
  cacheServiceList: boolean;
}

/**
 * ETag and 304 on the lists the dashboard polls, and the service list (1,000 services: ~270 KB, the bulk of the
 * API's work) cached per visibility class and order, dropped on every change that can alter it: a service
 * created, edited or deleted, check results written, a site setting saved (docs/decisions/0013).
 */
export function registerApiAnswers(app: FastifyInstance, services: Services, options: ApiAnswersOptions): void {
  const serviceList = new AnswerCache();
  if (options.cacheServiceList) {
    const invalidate = () => serviceList.invalidate();
    services.catalog.onChange(invalidate);
    services.monitor.onResultsWritten(invalidate);
    services.settings.onChange(invalidate);
  }
  registerRevalidatedAnswers(app, [
    {
      url: '/api/services',
      ...(options.cacheServiceList ? { cache: { answers: serviceList, key: serviceListKey } } : {}),
    },
    { url: '/api/game-servers' },
  ]);
}
