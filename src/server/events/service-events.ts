import type { ServicesRepository } from '../repositories/services.repository.ts';
import type { StatusChange } from '../repositories/status-history.repository.ts';
import type { LiveEvents } from './live-events.ts';

/**
 * Publishes committed status changes as `service` events, `{ id, status, lastChecked }` as GET /api/services
 * shows them, marked NSFW where the service is so that only viewers who may see it receive the event.
 */
export async function publishServiceChanges(
  events: LiveEvents,
  services: Pick<ServicesRepository, 'findById'>,
  changes: readonly StatusChange[],
): Promise<void> {
  for (const change of changes) {
    const service = await services.findById(change.serviceId);
    if (!service) continue;
    events.publish(
      'service',
      { id: service.id, status: service.status, lastChecked: service.lastChecked },
      service.isNSFW,
    );
  }
}
