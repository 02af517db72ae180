import type { PublicUptimeWire } from '#shared/schemas/status-pages';
import { STATUS_PAGE_TEXT } from './status-page-text';

/**
 * The colour class of one day: green when fully up, amber with some downtime, red below 95 %, grey without data
 * (a service without checks, a game server whose state was not known).
 */
function dayClass(uptime: number | null): string {
  if (uptime === null) return 'bg-muted';
  if (uptime >= 99.9) return 'bg-emerald-500';
  if (uptime >= 95) return 'bg-amber-500';
  return 'bg-red-500';
}

/**
 * 90 small bars, oldest first, of a service or a game server named `name`; each day's uptime is in its title and
 * in the list's accessible text.
 */
export function UptimeDays({ name, days }: { name: string; days: PublicUptimeWire['days'] }) {
  return (
    <div>
      <ol className="flex h-8 items-stretch gap-px" aria-label={STATUS_PAGE_TEXT.uptime90(name)}>
        {days.map((day) => (
          <li
            key={day.day}
            className={`min-w-0 flex-1 rounded-[1px] ${dayClass(day.uptime)}`}
            title={STATUS_PAGE_TEXT.dayTitle(day.day, day.uptime)}
          >
            <span className="sr-only">{STATUS_PAGE_TEXT.dayTitle(day.day, day.uptime)}</span>
          </li>
        ))}
      </ol>
      <div className="mt-1 flex justify-between text-[0.7rem] text-muted-foreground">
        <span>{STATUS_PAGE_TEXT.ninetyDaysAgo}</span>
        <span>{STATUS_PAGE_TEXT.today}</span>
      </div>
    </div>
  );
}
