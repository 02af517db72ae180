import { SERVICE_MSG } from '#shared/messages';
import { canSeeNsfw, isAdminRole } from '#shared/permissions';
import type { ServicesRepository } from '../repositories/services.repository.ts';
import type { LogRow, StatusHistoryRepository } from '../repositories/status-history.repository.ts';
import type { User } from '../repositories/users.repository.ts';
import { AppError } from '../services/app-error.ts';
import type { Clock } from '../services/clock.ts';
import { failureFor } from './failure-text.ts';
import {
  DEFAULT_RETENTION,
  pruneHistory,
  STATE_CHANGES_RETENTION_MS,
  type HistoryRetention,
  type PruneResult,
} from './history-retention.ts';
import { averageResponseTime, hourBucket, uptimePercent } from './rollup.ts';
import type { UptimeRepository } from '../repositories/uptime.repository.ts';
import { periodFigures, type PeriodFigures } from '../status-pages/uptime-summary.ts';

/** How many raw checks the recent-history bar shows. */
export const RECENT_CHECKS = 50;

/** How many status changes the history lists, each with why it went down. */
export const RECENT_CHANGES = 10;

const HOUR_MS = 3_600_000;

/** A service's history as the card shows it. */
export interface ServiceHistory {
  uptime: { h24: number | null; d7: number | null; d30: number | null };
  /** Uptime and average response time per period, from the rollups (the cards' figures, issue 16). */
  periods: Record<'24h' | '7d' | '30d' | '365d', PeriodFigures>;
  recent: LogRow[];
  /** The latest status changes, newest first; a change to down carries the failed condition or error. */
  changes: { changedAt: string; status: boolean; reason: string | null }[];
  responseTimes: { timestamp: string; responseTime: number | null }[];
}

/** Reads uptime and recent checks from the rollups and raw rows; never scans history beyond 30 hourly buckets a day. */
export class StatusHistoryService {
  constructor(
    private readonly services: ServicesRepository,
    private readonly history: StatusHistoryRepository,
    private readonly clock: Clock,
    private readonly uptime: UptimeRepository,
  ) {}

  /** The service's history for a viewer; 404 for a service the viewer may not see (NSFW), as for a missing one. */
  async historyFor(viewer: User, serviceId: number): Promise<ServiceHistory> {
    const service = await this.services.findById(serviceId);
    if (!service || (service.isNSFW && !canSeeNsfw(viewer))) throw new AppError('not_found', SERVICE_MSG.notFound);
    const now = this.clock.now().getTime();
    // Windows are whole hours: the bucket containing "now minus the window" onwards, the current hour included.
    const since = (hours: number) => hourBucket(new Date(now - hours * HOUR_MS).toISOString());
    const h24 = since(24);
    const [sums, recent, hourly, periods, changes] = await Promise.all([
      this.history.uptimeSums(serviceId, { h24, d7: since(7 * 24), d30: since(30 * 24) }),
      this.history.recent(serviceId, RECENT_CHECKS),
      this.history.hourly(serviceId, h24),
      periodFigures(this.uptime, [serviceId], ['24h', '7d', '30d', '365d'] as const, now),
      this.history.recentChanges(serviceId, RECENT_CHANGES),
    ]);
    const figures = periods.get(serviceId);
    if (!figures) throw new AppError('not_found', SERVICE_MSG.notFound);
    return {
      uptime: {
        h24: uptimePercent(sums.up24h, sums.checks24h),
        d7: uptimePercent(sums.up7d, sums.checks7d),
        d30: uptimePercent(sums.up30d, sums.checks30d),
      },
      periods: figures,
      recent,
      changes: changes.map((change) => ({
        ...change,
        reason: failureFor(change.reason, service.check, isAdminRole(viewer.role)),
      })),
      responseTimes: hourly.map((bucket) => ({
        timestamp: bucket.bucket,
        responseTime: averageResponseTime(bucket.responseTimeSum, bucket.timedChecks),
      })),
    };
  }

  /** Packs finished hours and deletes history past its retention; the prune-history job calls it every few minutes. */
  prune(retention: HistoryRetention = DEFAULT_RETENTION): Promise<PruneResult> {
    return pruneHistory(this.history, this.clock.now(), retention);
  }

  /**
   * Deletes the processed state changes of services, game servers and the media server past their retention (each
   * service's last `RECENT_CHANGES` and each subject's last one before it stay, see STATE_CHANGES_RETENTION_MS); the
   * prune-history job calls it with `prune`. Returns how many went.
   */
  async pruneStateChanges(retentionMs = STATE_CHANGES_RETENTION_MS): Promise<number> {
    const before = this.clock.now().getTime() - retentionMs;
    return (
      (await this.history.deleteChangesBefore(before, RECENT_CHANGES)) +
      (await this.uptime.deleteSubjectChangesBefore(before))
    );
  }
}
