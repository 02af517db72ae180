import { idParams } from '#shared/schemas/common';
import { requireAuth } from '../http/access.ts';
import { presentHistory } from '../presenters/history.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** A service's uptime and recent checks, for everyone approved who may see the service. */
export function historyRoutes({ app, services }: RouteContext): void {
  app.get(
    '/api/services/:id/history',
    { config: { access: 'approved', apiKeyScope: 'read' }, schema: { params: idParams } },
    async (request) => presentHistory(await services.history.historyFor(requireAuth(request).user, request.params.id)),
  );
}
