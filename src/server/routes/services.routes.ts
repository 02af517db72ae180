import { SERVICE_MSG } from '#shared/messages';
import { z } from 'zod';
import { idParams, messageWire } from '#shared/schemas/common';
import { createServiceBody, serviceWire, updateServiceBody } from '#shared/schemas/service';
import { requireAuth } from '../http/access.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import { presentService } from '../presenters/service.presenter.ts';
import { notModified } from '../openapi/route-docs.ts';
import type { RouteContext } from './route-context.ts';

/** The services list for everyone approved; changes for administrators. */
export function servicesRoutes({ app, services }: RouteContext): void {
  app.get(
    '/api/services',
    {
      config: { access: 'approved', apiKeyScope: 'read' },
      schema: {
        summary: 'The services you may see, in your order, with their status',
        response: { 200: z.array(serviceWire), 304: notModified },
      },
    },
    async (request) => {
      const { services: list, mediaServerId } = await services.catalog.listFor(requireAuth(request).user);
      return list.map((service) => presentService(service, mediaServerId));
    },
  );

  app.post(
    '/api/services',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'Add a service', body: createServiceBody, response: { 201: serviceWire } },
    },
    async (request, reply) => {
      const service = await services.catalog.create(request.body);
      return reply.status(201).send(presentService(service, await services.catalog.mediaServerId()));
    },
  );

  app.put(
    '/api/services/:id',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: {
        summary: 'Change a service',
        params: idParams,
        body: updateServiceBody,
        response: { 200: serviceWire },
      },
    },
    async (request) => {
      const service = await services.catalog.update(request.params.id, request.body);
      return presentService(service, await services.catalog.mediaServerId());
    },
  );

  app.delete(
    '/api/services/:id',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'Delete a service and its history', params: idParams, response: { 200: messageWire } },
    },
    async (request) => {
      await services.catalog.delete(request.params.id);
      return presentMessage(SERVICE_MSG.deleted);
    },
  );
}
