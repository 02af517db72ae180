import { seesCheckSettings } from '../presenters/service.presenter.ts';
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
  // Administrators' answers hold check settings (issue 16): never served to anyone else from the cache.
  const checks = seesCheckSettings(user.role, request.apiKey) ? 'checks' : 'plain';
  return `${checks}:${canSeeNsfw(user) ? 'all' : 'safe'}:${user.service_order.join(',')}`;
}

/**
 * ETag and 304 on the lists the dashboard polls, and the service list (1,000 services: ~270 KB, the bulk of the
 * API's work) cached per visibility class and order, dropped on every change that can alter it: a service
 * created, edited or deleted, check results written, a site setting saved (docs/decisions/0013). With several
 * instances on PostgreSQL the change feed carries each change to every instance (a change made here is dropped
 * here at once, before the answer to the request that made it); while this instance may be missing the
 * others' changes (its listening connection is down) the list is read each time.
 */
export function registerApiAnswers(app: FastifyInstance, services: Services): void {
  const serviceList = new AnswerCache();
  const feed = services.changeFeed;
  const invalidate = () => serviceList.invalidate();
  const changedHere = () => {
    invalidate();
    feed.publish({ kind: 'list' });
  };
  // Catalog changes made through other instances arrive as remote catalog changes.
  services.catalog.onChange(invalidate);
  services.monitor.onResultsWritten(changedHere);
  services.settings.onChange(changedHere);
  feed.subscribe((message, fromHere) => {
    if (message.kind === 'list' && !fromHere) invalidate();
  });
  feed.onGap(invalidate);
  registerRevalidatedAnswers(app, [
    {
      url: '/api/services',
      cache: { answers: serviceList, key: (request) => (feed.live ? serviceListKey(request) : null) },
    },
    { url: '/api/game-servers' },
  ]);
}
