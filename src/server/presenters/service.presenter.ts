import type { ServiceWire } from '#shared/schemas/service';
import type { Service } from '../repositories/services.repository.ts';

/** A service on the wire (SPEC section 3 field names); `mediaServerId` is `pickMediaService`'s answer. */
export function presentService(service: Service, mediaServerId: number | null): ServiceWire {
  return {
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
}
