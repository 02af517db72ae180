import { isAdminRole } from '#shared/permissions';
import type { ServiceChangeWire, ServiceWire } from '#shared/schemas/service';
import { keyHasScope, type ApiKeyScope } from '../http/access.ts';
import { failureFor } from '../monitor/failure-text.ts';
import type { Service } from '../repositories/services.repository.ts';
import type { Role } from '#shared/roles';

/**
 * Whether a caller sees check settings: an administrator's session, or a key with the admin scope (a read key
 * made by an administrator reads only what any user reads). The service-list cache keys on it too.
 */
export function seesCheckSettings(role: Role, apiKey: { scopes: readonly ApiKeyScope[] } | null): boolean {
  return isAdminRole(role) && (apiKey === null || keyHasScope(apiKey.scopes, 'admin'));
}

export interface PresentServiceOptions {
  /** Administrators see the check settings (headers and bodies may hold credentials they typed). */
  admin?: boolean;
  /** The push URL of a token just made: only in the answer that made it. */
  pushUrl?: string | null;
}

/** A service on the wire (SPEC section 3 field names); `mediaServerId` is `pickMediaService`'s answer. */
export function presentService(
  service: Service,
  mediaServerId: number | null,
  options: PresentServiceOptions = {},
): ServiceWire {
  const wire: ServiceWire = {
    id: service.id,
    name: service.name,
    url: service.url,
    status: service.status,
    lastChecked: service.lastChecked,
    icon: service.icon,
    background: service.background,
    refreshInterval: service.refreshInterval,
    isNSFW: service.isNSFW,
    tooltip: service.tooltip,
    show_status_badge: service.show_status_badge,
    mediaServer: service.id === mediaServerId,
  };
  const failure = presentFailure(service, options.admin ?? false);
  if (failure !== null) wire.failure = failure;
  if (options.admin) wire.check = service.check;
  if (options.pushUrl) wire.pushUrl = options.pushUrl;
  return wire;
}

/** Why a service is down, as the viewer may read it (see failureFor); null while it is up. */
function presentFailure(service: Service, admin: boolean): string | null {
  return service.status ? null : failureFor(service.failure, service.check, admin);
}

/** A status change for the live event streams, as an administrator (`admin`) or anyone else is shown it. */
export function presentServiceChange(service: Service, admin: boolean): ServiceChangeWire {
  const change: ServiceChangeWire = { id: service.id, status: service.status, lastChecked: service.lastChecked };
  const failure = presentFailure(service, admin);
  if (failure !== null) change.failure = failure;
  return change;
}
