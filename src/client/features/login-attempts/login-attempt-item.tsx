import { CircleCheck, CircleX, MapPin } from 'lucide-react';
import type { LoginAttemptWire } from '#shared/schemas/users-admin';
import { IspLogo } from './isp-logo';

const ATTEMPT_TIME_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const COUNT_FORMAT = new Intl.NumberFormat();

function formatAttemptTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : ATTEMPT_TIME_FORMAT.format(date);
}

/**
 * One sign-in attempt: outcome icon, identifier, time, label, how many were refused (for a refused burst), IP and
 * (when known) ISP and location.
 */
export function LoginAttemptItem({ attempt }: { attempt: LoginAttemptWire }) {
  // SPEC section 3: 'success' is a success, anything else counts as failed. The greens and reds are shades
  // that keep 4.5:1 (WCAG AA) on the card in both themes.
  const isSuccess = attempt.type === 'success';
  const place = [attempt.city, attempt.region, attempt.country].filter((part): part is string => Boolean(part));

  return (
    <li className="flex gap-3 rounded-lg border bg-card p-3 text-sm">
      {isSuccess ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400" />
      ) : (
        <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-400" />
      )}
      {/* grid-cols-1 is minmax(0, 1fr): a long ISP or sign-in name truncates instead of widening the item. */}
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="truncate font-medium">{attempt.identifier}</span>
          <time dateTime={attempt.timestamp} className="shrink-0 text-xs text-muted-foreground">
            {formatAttemptTime(attempt.timestamp)}
          </time>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span
            className={
              isSuccess
                ? 'font-medium text-green-700 dark:text-green-400'
                : 'font-medium text-red-700 dark:text-red-400'
            }
          >
            {isSuccess ? 'Successful Login' : 'Failed Attempt'}
          </span>
          {/* The server keeps attempts a limit refused as one entry per address and minute, with their number. */}
          {attempt.count !== undefined ? <span>×{COUNT_FORMAT.format(attempt.count)} refused</span> : null}
          {/* An IPv6 address has no break opportunity of its own; let it wrap anywhere on a phone. */}
          <span className="min-w-0 [overflow-wrap:anywhere]">IP: {attempt.ip}</span>
        </div>
        {attempt.isp || place.length > 0 ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
            {attempt.isp ? (
              <span className="flex min-w-0 items-center gap-2">
                <IspLogo isp={attempt.isp} />
                <span className="truncate">{attempt.isp}</span>
              </span>
            ) : null}
            {place.length > 0 ? (
              <span className="flex min-w-0 items-center gap-1 [overflow-wrap:anywhere]">
                <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                {place.join(', ')}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
