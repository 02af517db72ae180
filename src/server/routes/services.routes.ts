import { SERVICE_MSG } from '#shared/messages';
import { z } from 'zod';
import { idParams, messageWire } from '#shared/schemas/common';
import { createServiceBody, serviceWire, updateServiceBody } from '#shared/schemas/service';
import { pushTokenWire } from '#shared/schemas/service-check';
import { requireAuth } from '../http/access.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import { presentService, seesCheckSettings } from '../presenters/service.presenter.ts';
import { notModified } from '../openapi/route-docs.ts';
import type { RouteContext } from './route-context.ts';

/** The services list for everyone approved; changes for administrators. */
export function servicesRoutes({ app, services }: RouteContext): void {
  const pushUrl = (token: string | null) => (token === null ? null : services.push.pushUrl(token));

  app.get(
    '/api/services',
    {
      config: { access: 'approved', apiKeyScope: 'read' },
      schema: {
        summary: 'The services you may see, in your order, with their status (check settings: admins only)',
        response: { 200: z.array(serviceWire), 304: notModified },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { services: list, mediaServerId } = await services.catalog.listFor(user);
      const admin = seesCheckSettings(user.role, request.apiKey);
      return list.map((service) => presentService(service, mediaServerId, { admin }));
    },
  );

  app.post(
    '/api/services',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'Add a service', body: createServiceBody, response: { 201: serviceWire } },
    },
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
      schema: {
        summary: 'Make a new secret push URL for a push service (the old one stops working)',
        params: idParams,
        response: { 200: pushTokenWire },
      },
    },
    async (request) => ({ pushUrl: services.push.pushUrl(await services.catalog.rotatePushToken(request.params.id)) }),
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
