import type { MetricsRepository } from '../repositories/metrics.repository.ts';
import type { Clock } from '../services/clock.ts';
import type { QueueFigures, ScrapeSnapshot } from './app-metrics.ts';

/** The scrape-time gauges, read from the database at each scrape (see MetricsRepository). */
export function scrapeQueries(repository: MetricsRepository, clock: Clock): () => Promise<ScrapeSnapshot> {
  return async () => {
    const [servicesDown, backlog] = await Promise.all([repository.servicesDown(), repository.outboxBacklog()]);
    const now = clock.now().getTime();
    const outbox = Object.fromEntries(
      Object.entries(backlog).map(([queue, { pending, oldestAt }]): [string, QueueFigures] => [
        queue,
        { pending, oldestAgeSeconds: oldestAt === null ? 0 : Math.max(0, (now - Date.parse(oldestAt)) / 1000) },
      ]),
    );
    return { servicesDown, outbox };
  };
}
