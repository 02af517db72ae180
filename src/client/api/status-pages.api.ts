import { queryOptions } from '@tanstack/react-query';
import type { MessageWire } from '#shared/schemas/common';
import type {
  ActiveMaintenanceWire,
  CreateMaintenanceBody,
  MaintenanceWindowWire,
  UpdateMaintenanceBody,
} from '#shared/schemas/maintenance';
import type {
  CreateStatusPageBody,
  PublicStatusPageWire,
  StatusNoteWire,
  StatusPageWire,
  UpdateStatusPageBody,
} from '#shared/schemas/status-pages';
import { apiJson } from './http.client';

/** Query key of the admins' list of status pages. */
export const STATUS_PAGES_QUERY_KEY = ['/api/status-pages'] as const;
/** Query key of the public badge marks. */
export const PUBLIC_BADGES_QUERY_KEY = ['/api/badges'] as const;

/** A public status page by slug: no session needed, and a 401 never ends one. */
export function publicStatusPageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['/api/status-pages', 'public', slug] as const,
    queryFn: () =>
      apiJson<PublicStatusPageWire>('GET', `/api/status-pages/${encodeURIComponent(slug)}`, undefined, {
        on401: 'throw',
      }),
    refetchInterval: 60_000,
    retry: false,
  });
}

/** Every status page's settings (admins). */
export function statusPagesQueryOptions() {
  return queryOptions({
    queryKey: STATUS_PAGES_QUERY_KEY,
    queryFn: () => apiJson<StatusPageWire[]>('GET', '/api/status-pages'),
  });
}

export function createStatusPage(body: CreateStatusPageBody): Promise<StatusPageWire> {
  return apiJson<StatusPageWire>('POST', '/api/status-pages', body);
}

export function updateStatusPage(id: number, body: UpdateStatusPageBody): Promise<StatusPageWire> {
  return apiJson<StatusPageWire>('PATCH', `/api/status-pages/${id}`, body);
}

export function deleteStatusPage(id: number): Promise<MessageWire> {
  return apiJson<MessageWire>('DELETE', `/api/status-pages/${id}`);
}

export function addStatusNote(pageId: number, body: { title: string; body: string }): Promise<StatusNoteWire> {
  return apiJson<StatusNoteWire>('POST', `/api/status-pages/${pageId}/notes`, body);
}

export function updateStatusNote(
  pageId: number,
  noteId: number,
  body: { title: string; body: string },
): Promise<StatusNoteWire> {
  return apiJson<StatusNoteWire>('PATCH', `/api/status-pages/${pageId}/notes/${noteId}`, body);
}

export function deleteStatusNote(pageId: number, noteId: number): Promise<MessageWire> {
  return apiJson<MessageWire>('DELETE', `/api/status-pages/${pageId}/notes/${noteId}`);
}

/** The services whose badges are public (admins). */
export function publicBadgesQueryOptions() {
  return queryOptions({
    queryKey: PUBLIC_BADGES_QUERY_KEY,
    queryFn: () => apiJson<{ serviceIds: number[] }>('GET', '/api/badges'),
  });
}

export function setPublicBadge(serviceId: number, isPublic: boolean): Promise<{ serviceIds: number[] }> {
  return apiJson<{ serviceIds: number[] }>('PUT', `/api/badges/${serviceId}`, { public: isPublic });
}

/** The services in a maintenance window now (the cards' "Maintenance"); polled slowly. */
export function activeMaintenanceQueryOptions() {
  return queryOptions({
    queryKey: ['/api/maintenance-windows/active'] as const,
    queryFn: () => apiJson<ActiveMaintenanceWire>('GET', '/api/maintenance-windows/active'),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

/** Query key of the admins' list of maintenance windows. */
export const MAINTENANCE_QUERY_KEY = ['/api/maintenance-windows'] as const;

/** Every maintenance window with whether it is active and when it next starts (admins). */
export function maintenanceWindowsQueryOptions() {
  return queryOptions({
    queryKey: MAINTENANCE_QUERY_KEY,
    queryFn: () => apiJson<MaintenanceWindowWire[]>('GET', '/api/maintenance-windows'),
  });
}

export function createMaintenanceWindow(body: CreateMaintenanceBody): Promise<MaintenanceWindowWire> {
  return apiJson<MaintenanceWindowWire>('POST', '/api/maintenance-windows', body);
}

export function deleteMaintenanceWindow(id: number): Promise<MessageWire> {
  return apiJson<MessageWire>('DELETE', `/api/maintenance-windows/${id}`);
}

export function updateMaintenanceWindow(id: number, body: UpdateMaintenanceBody): Promise<MaintenanceWindowWire> {
  return apiJson<MaintenanceWindowWire>('PATCH', `/api/maintenance-windows/${id}`, body);
}
