import type { z } from 'zod';
import type { historyChangeWire, historyCheckWire } from '#shared/schemas/history';
import { formatDateTime } from './date-time';

type HistoryCheck = z.infer<typeof historyCheckWire>;
type HistoryChange = z.infer<typeof historyChangeWire>;

/**
 * The reason a down check was down: that of the latest change to down at or before it (reasons are kept with
 * status changes, not with each 8-byte sample). `changes` are newest first, as the API lists them.
 */
function reasonAt(changes: readonly HistoryChange[], timestamp: string): string | null {
  for (const change of changes) {
    if (change.changedAt <= timestamp) return change.status ? null : change.reason;
  }
  return null;
}

/** How many segments the bar always shows; fewer checks leave the oldest slots empty. */
export const HISTORY_SLOTS = 50;

function segmentTitle(check: HistoryCheck, reason: string | null): string {
  const time = check.responseTime === null ? '' : ` · ${check.responseTime} ms`;
  return `${formatDateTime(Date.parse(check.timestamp))} · ${check.status ? 'Up' : 'Down'}${time}${
    reason === null ? '' : ` · ${reason}`
  }`;
}

/** The last checks as thin green and red segments, oldest on the left. */
export function HistoryBar({
  checks,
  changes = [],
  onlineColor,
  offlineColor,
}: {
  checks: readonly HistoryCheck[];
  /** The latest status changes, newest first: a down segment's title says why. */
  changes?: readonly HistoryChange[];
  onlineColor: string;
  offlineColor: string;
}) {
  const recent = checks.slice(-HISTORY_SLOTS);
  const empty = HISTORY_SLOTS - recent.length;
  const upCount = recent.filter((check) => check.status).length;
  return (
    <div
      role="img"
      aria-label={`Last ${recent.length} checks: ${upCount} up, ${recent.length - upCount} down`}
      data-testid="history-bar"
      className="flex h-6 items-stretch gap-[2px]"
    >
      {Array.from({ length: empty }, (_, index) => (
        <span key={`empty-${index}`} className="flex-1 rounded-[2px] bg-muted" />
      ))}
      {recent.map((check, index) => (
        <span
          key={`${check.timestamp}-${index}`}
          data-status={check.status ? 'up' : 'down'}
          title={segmentTitle(check, check.status ? null : reasonAt(changes, check.timestamp))}
          className="flex-1 rounded-[2px] transition-opacity hover:opacity-70"
          style={{ backgroundColor: check.status ? onlineColor : offlineColor }}
        />
      ))}
    </div>
  );
}
