import { idParams, messageWire } from '#shared/schemas/common';
import {
  activeMaintenanceWire,
  createMaintenanceBody,
  MAINTENANCE_MSG,
  maintenanceWindowListWire,
  maintenanceWindowWire,
  updateMaintenanceBody,
} from '#shared/schemas/maintenance';
import { requireAuth } from '../http/access.ts';
import { presentMaintenanceWindow } from '../presenters/maintenance.presenter.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import type { RouteContext } from './route-context.ts';

const admin = { access: 'admin', apiKeyScope: 'admin' } as const;

/** Maintenance windows (issue 16): admins keep them; everyone approved sees which services are in one now. */
export function maintenanceRoutes({ app, services }: RouteContext): void {
  app.get(
    '/api/maintenance-windows',
    { config: admin, schema: { summary: 'Every maintenance window', response: { 200: maintenanceWindowListWire } } },
    async () => (await services.maintenance.list()).map(presentMaintenanceWindow),
  );

  // The cards' "Maintenance": only ids of services the viewer may see, nothing of the windows' names or schedules.
  app.get(
    '/api/maintenance-windows/active',
    {
      config: { access: 'approved', apiKeyScope: 'read' },
      schema: { summary: 'The services in a maintenance window now', response: { 200: activeMaintenanceWire } },
    },
    async (request) => ({ serviceIds: await services.maintenance.activeFor(requireAuth(request).user) }),
  );

  app.post(
    '/api/maintenance-windows',
    {
      config: admin,
      schema: {
        summary: 'Add a maintenance window (one-off or weekly, in its time zone)',
        body: createMaintenanceBody,
        response: { 201: maintenanceWindowWire },
      },
    },
    async (request, reply) =>
      reply.status(201).send(presentMaintenanceWindow(await services.maintenance.create(request.body))),
  );

  app.patch(
    '/api/maintenance-windows/:id',
    {
      config: admin,
      schema: {
        summary: 'Change a maintenance window',
        params: idParams,
        body: updateMaintenanceBody,
        response: { 200: maintenanceWindowWire },
      },
    },
    async (request) => presentMaintenanceWindow(await services.maintenance.update(request.params.id, request.body)),
  );

  app.delete(
    '/api/maintenance-windows/:id',
    {
      config: admin,
      schema: { summary: 'Delete a maintenance window', params: idParams, response: { 200: messageWire } },
    },
    async (request) => {
      await services.maintenance.delete(request.params.id);
      return presentMessage(MAINTENANCE_MSG.deleted);
    },
  );
}
