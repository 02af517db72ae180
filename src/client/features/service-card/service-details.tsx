import { Clock, ExternalLink, RefreshCw } from 'lucide-react';
import { formatRefreshInterval, formatRelativeTime } from '#shared/format';
import type { ServiceWire } from '#shared/schemas/service';
import { useNow } from '../../hooks/use-now';
import { isHttpUrl } from '../../lib/safe-url';
import type { DisplayFlags } from './display-flags';

/** The card's optional lines (SPEC section 2): refresh interval, last checked and the service URL. */
export function ServiceDetails({ service, flags }: { service: ServiceWire; flags: DisplayFlags }) {
  const now = useNow();
  if (!flags.refreshInterval && !flags.lastChecked && !flags.serviceUrl) return null;
  const checkedAt = Date.parse(service.lastChecked);
  return (
    <dl className="grid gap-1.5 text-sm text-muted-foreground">
      {flags.refreshInterval ? (
        <div className="flex items-center gap-2">
          <dt className="sr-only">Refresh interval</dt>
          <RefreshCw className="size-3.5 shrink-0" aria-hidden="true" />
          <dd>{formatRefreshInterval(service.refreshInterval)}</dd>
        </div>
      ) : null}
      {flags.lastChecked ? (
        <div className="flex items-center gap-2">
          <dt className="sr-only">Last checked</dt>
          <Clock className="size-3.5 shrink-0" aria-hidden="true" />
          <dd>
            {Number.isNaN(checkedAt) ? (
              'Not checked yet'
            ) : (
              <time
                dateTime={service.lastChecked}
                title={new Date(checkedAt).toLocaleString()}
                data-testid="last-checked"
              >
                Checked {formatRelativeTime(service.lastChecked, now)}
              </time>
            )}
          </dd>
        </div>
      ) : null}
      {flags.serviceUrl ? (
        <div className="flex min-w-0 items-center gap-2">
          <dt className="sr-only">Address</dt>
          <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
          <dd className="min-w-0 truncate">
            {isHttpUrl(service.url) ? (
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
}
