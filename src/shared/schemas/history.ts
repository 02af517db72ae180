import { z } from 'zod';

/** One raw check of the recent-history bar. */
export const historyCheckWire = z.object({
  timestamp: z.string(),
  status: z.boolean(),
  /** Milliseconds; null when the check got no complete answer (timeout, refused, DNS, TLS, body too large). */
  responseTime: z.number().nullable(),
});

/** One status change: when, to which status, and the failed condition or error of a change to down. */
export const historyChangeWire = z.object({
  changedAt: z.string(),
  status: z.boolean(),
  reason: z.string().nullable(),
});

/** One hour of the response-time line: the hour's start and its average. */
export const historyHourWire = z.object({
  timestamp: z.string(),
  responseTime: z.number().nullable(),
});

/**
 * GET /api/services/{id}/history (our addition, docs/decisions/0004-monitoring.md): uptime percentages
 * (0-100, two decimals, null without checks), the last checks oldest first, hourly average response times.
 */
export const serviceHistoryWire = z.object({
  uptime: z.object({
    '24h': z.number().nullable(),
    '7d': z.number().nullable(),
    '30d': z.number().nullable(),
    '365d': z.number().nullable(),
  }),
  /** Average response time in whole ms over the same periods (issue 16: on each card); null without timed checks. */
  averageResponseTime: z.object({
    '24h': z.number().nullable(),
    '7d': z.number().nullable(),
    '30d': z.number().nullable(),
    '365d': z.number().nullable(),
  }),
  recent: z.array(historyCheckWire),
  /** The latest status changes, newest first; `reason` says why a change to down happened (issue 16). */
  changes: z.array(historyChangeWire),
  responseTimes: z.array(historyHourWire),
});
export type ServiceHistoryWire = z.infer<typeof serviceHistoryWire>;
