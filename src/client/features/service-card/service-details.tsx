import { memo } from 'react';
import { formatRefreshInterval, formatRelativeTime } from '#shared/format';
import type { ServiceWire } from '#shared/schemas/service';
import { useNow } from '../../hooks/use-now';
import { CardIcon } from './card-icon';
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
  if (!flags.refreshInterval && !flags.lastChecked && !flags.serviceUrl) return null;
  const checkedAt = Date.parse(service.lastChecked);
  return (
    <dl className="grid gap-1.5 text-sm text-muted-foreground">
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
              <time
                dateTime={service.lastChecked}
                title={new Date(checkedAt).toLocaleString()}
                data-testid="last-checked"
              >
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
