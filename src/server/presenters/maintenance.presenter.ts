import type { MaintenanceWindowWire } from '#shared/schemas/maintenance';
import type { WindowState } from '../maintenance/maintenance.service.ts';

/** A maintenance window on the wire (admins). */
export function presentMaintenanceWindow(window: WindowState): MaintenanceWindowWire {
  return {
    id: window.id,
    name: window.name,
    timeZone: window.timeZone,
    schedule: window.schedule,
    serviceIds: window.serviceIds,
    active: window.active,
    nextStart: window.nextStart,
    createdAt: window.createdAt,
    updatedAt: window.updatedAt,
  };
}
