import { idParams } from '#shared/schemas/common';
import { serviceHistoryWire } from '#shared/schemas/history';
import { requireAuth } from '../http/access.ts';
import { presentHistory } from '../presenters/history.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** A service's uptime and recent checks, for everyone approved who may see the service. */
export function historyRoutes({ app, services }: RouteContext): void {
  app.get(
    '/api/services/:id/history',
    {
      config: { access: 'approved', apiKeyScope: 'read' },
      schema: {
        summary: "A service's uptime, recent checks and hourly response times",
        params: idParams,
        response: { 200: serviceHistoryWire },
      },
    },
    async (request) => presentHistory(await services.history.historyFor(requireAuth(request).user, request.params.id)),
  );
}
