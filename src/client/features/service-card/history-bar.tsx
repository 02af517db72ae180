import type { z } from 'zod';
import type { historyCheckWire } from '#shared/schemas/history';

type HistoryCheck = z.infer<typeof historyCheckWire>;

/** How many segments the bar always shows; fewer checks leave the oldest slots empty. */
export const HISTORY_SLOTS = 50;

/** The last checks as thin green and red segments, oldest on the left. */
export function HistoryBar({
  checks,
  onlineColor,
  offlineColor,
}: {
  checks: readonly HistoryCheck[];
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
          title={`${new Date(check.timestamp).toLocaleString()} · ${check.status ? 'Up' : 'Down'}${
            check.responseTime === null ? '' : ` · ${check.responseTime} ms`
          }`}
          className="flex-1 rounded-[2px] transition-opacity hover:opacity-70"
          style={{ backgroundColor: check.status ? onlineColor : offlineColor }}
        />
      ))}
    </div>
  );
}
