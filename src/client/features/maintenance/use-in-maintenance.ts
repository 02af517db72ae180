import { useQuery } from '@tanstack/react-query';
import { activeMaintenanceQueryOptions } from '../../api/status-pages.api';

/** Whether the service is in a maintenance window now; one shared request (polled each minute) for every card. */
export function useInMaintenance(serviceId: number): boolean {
  const { data } = useQuery({
    ...activeMaintenanceQueryOptions(),
    select: (active) => active.serviceIds.includes(serviceId),
  });
  return data ?? false;
}
