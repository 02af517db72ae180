import { memo } from 'react';
import { formatRefreshInterval, formatRelativeTime } from '#shared/format';
import type { ServiceWire } from '#shared/schemas/service';
import { useNow } from '../../hooks/use-now';
import { CardIcon } from './card-icon';
import { formatDateTime } from './date-time';
import type { DisplayFlags } from './display-flags';

/**
 * 'Checked 12s ago', kept counting by the shared clock. Its own component, so that each tick re-renders this text
 * alone and not the card's other lines.
 */
function LastChecked({ lastChecked }: { lastChecked: string }) {
  const now = useNow();
  return `Checked ${formatRelativeTime(lastChecked, now)}`;
}

/** The card's optional lines (SPEC section 2): refresh interval, last checked and the service URL. */
export const ServiceDetails = memo(function ServiceDetails({
  service,
  flags,
  canOpen,
}: {
  service: ServiceWire;
  flags: DisplayFlags;
  /** Whether service.url is an http(s) address (the card has already checked). */
  canOpen: boolean;
}) {
  // Why a service is down (the failed condition or the exchange's error) shows whatever the display flags say:
  // it is what a person looking at a red card wants to know.
  const failure = service.status ? undefined : service.failure;
  if (!flags.refreshInterval && !flags.lastChecked && !flags.serviceUrl && !failure) return null;
  const checkedAt = Date.parse(service.lastChecked);
  return (
    <dl className="grid gap-1.5 text-sm text-muted-foreground">
      {failure ? (
        <div className="flex min-w-0 items-start gap-2 text-destructive" data-testid="check-failure">
          <dt className="sr-only">Failed check</dt>
          <CardIcon name="info" className="mt-0.5 size-3.5 shrink-0" />
          <dd className="min-w-0 font-mono text-xs leading-5 break-words" title={failure}>
            {failure}
          </dd>
        </div>
      ) : null}
      {flags.refreshInterval ? (
        <div className="flex items-center gap-2">
          <dt className="sr-only">Refresh interval</dt>
          <CardIcon name="refresh-cw" className="size-3.5" />
          <dd>{formatRefreshInterval(service.refreshInterval)}</dd>
        </div>
      ) : null}
      {flags.lastChecked ? (
        <div className="flex items-center gap-2">
          <dt className="sr-only">Last checked</dt>
          <CardIcon name="clock" className="size-3.5" />
          <dd>
            {Number.isNaN(checkedAt) ? (
              'Not checked yet'
            ) : (
              <time dateTime={service.lastChecked} title={formatDateTime(checkedAt)} data-testid="last-checked">
                <LastChecked lastChecked={service.lastChecked} />
              </time>
            )}
          </dd>
        </div>
      ) : null}
      {flags.serviceUrl ? (
        <div className="flex min-w-0 items-center gap-2">
          <dt className="sr-only">Address</dt>
          <CardIcon name="external-link" className="size-3.5" />
          <dd className="min-w-0 truncate">
            {canOpen ? (
              <a
                href={service.url}
                target="_blank"
                rel="noopener noreferrer"
                draggable={false}
                data-testid="service-url"
                className="text-foreground/80 underline-offset-4 hover:text-primary hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {service.url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </a>
            ) : (
              <span>{service.url}</span>
            )}
          </dd>
        </div>
      ) : null}
    </dl>
  );
});
