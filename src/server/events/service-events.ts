import { presentServiceChange } from '../presenters/service.presenter.ts';
import type { Service, ServicesRepository } from '../repositories/services.repository.ts';
import type { LiveEvents } from './live-events.ts';

/** Up to this many changed services are read one by one; more (a switch or a whole host down) in one list read. */
const READ_ONE_BY_ONE = 20;

/**
 * Publishes status changes as `service` events, `{ id, status, lastChecked, failure? }` as GET /api/services shows
 * them (read now from the database, which holds the committed change), marked NSFW where the service is so that
 * only viewers who may see it receive the event. The failure follows the list's role rule: administrators read
 * the failed condition's text, others which condition failed (an admin frame is made only when they differ). A
 * deleted service has nothing to announce.
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
    const change = presentServiceChange(service, false);
    const adminChange = presentServiceChange(service, true);
    events.publish('service', change, {
      nsfw: service.isNSFW,
      ...(adminChange.failure !== change.failure ? { adminData: adminChange } : {}),
    });
  }
}
