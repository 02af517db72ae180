import type { Service, ServicesRepository } from '../repositories/services.repository.ts';
import type { LiveEvents } from './live-events.ts';

/** Up to this many changed services are read one by one; more (a switch or a whole host down) in one list read. */
const READ_ONE_BY_ONE = 20;

/**
 * Publishes status changes as `service` events, `{ id, status, lastChecked }` as GET /api/services shows them
 * (read now from the database, which holds the committed change), marked NSFW where the service is so that only
 * viewers who may see it receive the event. A deleted service has nothing to announce.
 */
export async function publishServiceChanges(
  events: LiveEvents,
  services: Pick<ServicesRepository, 'findById' | 'list'>,
  ids: readonly number[],
): Promise<void> {
  let rows: (Service | undefined)[];
  if (ids.length <= READ_ONE_BY_ONE) {
    rows = [];
    for (const id of ids) rows.push(await services.findById(id));
  } else {
    const byId = new Map((await services.list(true)).map((service) => [service.id, service]));
    rows = ids.map((id) => byId.get(id));
  }
  for (const service of rows) {
    if (!service) continue;
    events.publish(
      'service',
      { id: service.id, status: service.status, lastChecked: service.lastChecked },
      service.isNSFW,
    );
  }
}
