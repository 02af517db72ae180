import { SERVICE_MSG } from '#shared/messages';
import { idParams } from '#shared/schemas/common';
import { createServiceBody, updateServiceBody } from '#shared/schemas/service';
import { pickMediaService } from '#shared/media-service';
import { requireAuth } from '../http/access.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import { presentService } from '../presenters/service.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** The services list for everyone approved; changes for administrators. */
export function servicesRoutes({ app, services }: RouteContext): void {
  app.get('/api/services', { config: { access: 'approved' } }, async (request) => {
    const list = await services.catalog.listFor(requireAuth(request).user);
    // Interim (issue 13 in progress): the name rule over this list; the admin's mark and the whole list follow.
    const mediaServerId = pickMediaService(list, null);
    return list.map((service) => presentService(service, mediaServerId));
  });

  app.post(
    '/api/services',
    { config: { access: 'admin' }, schema: { body: createServiceBody } },
    async (request, reply) => {
      const service = await services.catalog.create(request.body);
      return reply.status(201).send(presentService(service, null));
    },
  );

  app.put(
    '/api/services/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: updateServiceBody } },
    async (request) => presentService(await services.catalog.update(request.params.id, request.body), null),
  );

  app.delete('/api/services/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) => {
    await services.catalog.delete(request.params.id);
    return presentMessage(SERVICE_MSG.deleted);
  });
}
