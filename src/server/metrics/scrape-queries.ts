import type { MetricsRepository } from '../repositories/metrics.repository.ts';
import type { Clock } from '../services/clock.ts';
import type { ScrapeSnapshot } from './app-metrics.ts';

/** The scrape-time gauges, read from the database at each scrape (see MetricsRepository). */
export function scrapeQueries(repository: MetricsRepository, clock: Clock): () => Promise<ScrapeSnapshot> {
  return async () => {
    const [servicesDown, backlog] = await Promise.all([repository.servicesDown(), repository.outboxBacklog()]);
    const ageMs = backlog.oldestAt === null ? 0 : clock.now().getTime() - Date.parse(backlog.oldestAt);
    return {
      servicesDown,
      outboxPending: backlog.pending,
      outboxOldestAgeSeconds: Math.max(0, ageMs / 1000),
    };
  };
}
