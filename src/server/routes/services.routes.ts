import { SERVICE_MSG } from '#shared/messages';
import { idParams } from '#shared/schemas/common';
import { createServiceBody, updateServiceBody } from '#shared/schemas/service';
import { pushTokenWire } from '#shared/schemas/service-check';
import { requireAuth } from '../http/access.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import { presentService, seesCheckSettings } from '../presenters/service.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** The services list for everyone approved; changes for administrators. */
export function servicesRoutes({ app, services }: RouteContext): void {
  const pushUrl = (token: string | null) => (token === null ? null : services.push.pushUrl(token));

  app.get('/api/services', { config: { access: 'approved', apiKeyScope: 'read' } }, async (request) => {
    const { user } = requireAuth(request);
    const { services: list, mediaServerId } = await services.catalog.listFor(user);
    const admin = seesCheckSettings(user.role, request.apiKey);
    return list.map((service) => presentService(service, mediaServerId, { admin }));
  });

  app.post(
    '/api/services',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { body: createServiceBody } },
    async (request, reply) => {
      const saved = await services.catalog.create(request.body);
      const wire = presentService(saved.service, await services.catalog.mediaServerId(), {
        admin: true,
        pushUrl: pushUrl(saved.pushToken),
      });
      return reply.status(201).send(wire);
    },
  );

  app.put(
    '/api/services/:id',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { params: idParams, body: updateServiceBody } },
    async (request) => {
      const saved = await services.catalog.update(request.params.id, request.body);
      return presentService(saved.service, await services.catalog.mediaServerId(), {
        admin: true,
        pushUrl: pushUrl(saved.pushToken),
      });
    },
  );

  app.post(
    '/api/services/:id/push-token',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { params: idParams, response: { 200: pushTokenWire } },
    },
    async (request) => ({ pushUrl: services.push.pushUrl(await services.catalog.rotatePushToken(request.params.id)) }),
  );

  app.delete(
    '/api/services/:id',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { params: idParams } },
    async (request) => {
      await services.catalog.delete(request.params.id);
      return presentMessage(SERVICE_MSG.deleted);
    },
  );
}
