import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { POLL } from '#shared/constants';
import type { ServiceHistoryWire } from '#shared/schemas/history';
import type { CreateServiceBody, ServiceWire, UpdateServiceBody } from '#shared/schemas/service';
import type { UserWire } from '#shared/schemas/user';
import { apiJson, apiRequest } from './http.client';

/** Query key of the services list (SPEC section 7: GET /api/services). */
export const SERVICES_QUERY_KEY = ['/api/services'] as const;

/** The services the viewer may see, already in the viewer's order; polled every 30 s (SPEC section 9). */
export function servicesQueryOptions() {
  return queryOptions({
    queryKey: SERVICES_QUERY_KEY,
    queryFn: () => apiJson<ServiceWire[]>('GET', '/api/services'),
    refetchInterval: POLL.servicesMs,
  });
}

/**
 * Starts loading the services list before the session is known (the dashboard's first paint waits for both).
 * A signed-out visitor's 401 only fails this prefetch: it must not count as a session ending, and the page's own
 * query asks again once it mounts.
 */
export function prefetchServices(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({
    queryKey: SERVICES_QUERY_KEY,
    queryFn: () => apiJson<ServiceWire[]>('GET', '/api/services', undefined, { on401: 'throw' }),
  });
}

/** Query key of one service's check history. */
export function serviceHistoryQueryKey(id: number) {
  return ['/api/services', id, 'history'] as const;
}

/** Uptime, recent checks and hourly response times of one service; polled with the services list. */
export function serviceHistoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: serviceHistoryQueryKey(id),
    queryFn: () => apiJson<ServiceHistoryWire>('GET', `/api/services/${id}/history`),
    refetchInterval: POLL.servicesMs,
  });
}

/** POST /api/services with SPEC's payload (name, url, status, lastChecked, show_status_badge). */
export function createService(body: CreateServiceBody): Promise<ServiceWire> {
  return apiJson<ServiceWire>('POST', '/api/services', body);
}

/** PUT /api/services/{id}; the body repeats the numeric id (SPEC section 5). */
export function updateService(body: UpdateServiceBody): Promise<ServiceWire> {
  return apiJson<ServiceWire>('PUT', `/api/services/${body.id}`, body);
}

/** DELETE /api/services/{id}. */
export async function deleteService(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/services/${id}`);
}

/** PATCH /api/user {service_order}: saves the viewer's own card order and returns the updated user. */
export function saveServiceOrder(serviceOrder: number[]): Promise<UserWire> {
  return apiJson<UserWire>('PATCH', '/api/user', { service_order: serviceOrder });
}
