import type { ServiceHistoryWire } from '#shared/schemas/history';
import type { ServiceHistory } from '../monitor/status-history.service.ts';

/** A service's history on the wire (GET /api/services/{id}/history). */
export function presentHistory(history: ServiceHistory): ServiceHistoryWire {
  return {
    uptime: {
      '24h': history.uptime.h24,
      '7d': history.uptime.d7,
      '30d': history.uptime.d30,
      '365d': history.periods['365d'].uptime,
    },
    averageResponseTime: {
      '24h': history.periods['24h'].averageResponseTime,
      '7d': history.periods['7d'].averageResponseTime,
      '30d': history.periods['30d'].averageResponseTime,
      '365d': history.periods['365d'].averageResponseTime,
    },
    recent: history.recent.map((row) => ({
      timestamp: row.timestamp,
      status: row.status,
      responseTime: row.responseTime,
    })),
    changes: history.changes.map((change) => ({
      changedAt: change.changedAt,
      status: change.status,
      reason: change.reason,
    })),
    responseTimes: history.responseTimes.map((hour) => ({
      timestamp: hour.timestamp,
      responseTime: hour.responseTime,
    })),
  };
}
