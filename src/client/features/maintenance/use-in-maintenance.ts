import { useQuery } from '@tanstack/react-query';
import type { ActiveMaintenanceWire } from '#shared/schemas/maintenance';
import { activeMaintenanceQueryOptions } from '../../api/status-pages.api';

const NONE: ReadonlySet<number> = new Set();
// One function for every caller, so the query keeps the set it made until the answer changes.
const toIdSet = (active: ActiveMaintenanceWire): ReadonlySet<number> => new Set(active.serviceIds);

/**
 * The ids of the services in a maintenance window now: one shared request, polled each minute. The grid reads it
 * once and tells each card, instead of each of thousands of cards observing the query.
 */
export function useServicesInMaintenance(): ReadonlySet<number> {
  const { data } = useQuery({ ...activeMaintenanceQueryOptions(), select: toIdSet });
  return data ?? NONE;
}
