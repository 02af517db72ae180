import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { formatUptime } from '#shared/format';
import type { ServiceHistoryWire } from '#shared/schemas/history';
import { serviceHistoryQueryOptions } from '../../api/services.api';
import { Skeleton } from '../../components/ui/skeleton';
import { useInView } from '../../hooks/use-in-view';
import { HistoryBar } from './history-bar';
import { ResponseTimeChart } from './response-time-chart';

const WINDOWS = [
  ['24h', '24 h'],
  ['7d', '7 d'],
  ['30d', '30 d'],
  ['365d', '365 d'],
] as const satisfies readonly (readonly [keyof ServiceHistoryWire['uptime'], string])[];

/** An average response time as the card shows it under the uptime: "45 ms", or a dash without timed checks. */
function formatAverage(ms: number | null): string {
  return ms === null ? '—' : `${ms} ms`;
}

/** Recent checks, uptime and average response time over 24 h / 7 d / 30 d / 365 d; it polls only while on screen. */
export function UptimePanel({
  serviceId,
  onlineColor,
  offlineColor,
}: {
  serviceId: number;
  onlineColor: string;
  offlineColor: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const isInView = useInView(ref);
  const { data, isError } = useQuery({ ...serviceHistoryQueryOptions(serviceId), enabled: isInView });

  return (
    <div ref={ref} className="grid gap-2.5 border-t border-border/70 pt-3" data-testid="uptime-panel">
      {data ? (
        <>
          <dl className="grid grid-cols-4 gap-1.5 text-center">
            {WINDOWS.map(([key, label]) => (
              <div key={key} className="rounded-md bg-muted/60 px-1 py-1.5" data-testid={`uptime-${key}`}>
                {/* Four to a card's width: the period alone shows, "Uptime" is there for screen readers. */}
                <dt className="text-[0.7rem] whitespace-nowrap text-muted-foreground" title={`Uptime ${label}`}>
                  <span className="sr-only">Uptime </span>
                  {label}
                </dt>
                <dd className="text-sm font-semibold tabular-nums">{formatUptime(data.uptime[key])}</dd>
                <dd
                  className="text-[0.7rem] whitespace-nowrap text-muted-foreground tabular-nums"
                  title={`Average response time over ${label}`}
                >
                  <span className="sr-only">Average response time </span>
                  {formatAverage(data.averageResponseTime[key])}
                </dd>
              </div>
            ))}
          </dl>
          <HistoryBar
            checks={data.recent}
            changes={data.changes}
            onlineColor={onlineColor}
            offlineColor={offlineColor}
          />
          <ResponseTimeChart hours={data.responseTimes} recent={data.recent} />
        </>
      ) : isError ? (
        <p className="text-xs text-muted-foreground">History is unavailable right now.</p>
      ) : (
        // A plain div may not carry aria-label (aria-prohibited-attr); as a status it names the wait.
        <div className="grid gap-2" role="status" aria-label="Loading history">
          <Skeleton className="h-11" />
          <Skeleton className="h-6" />
          <Skeleton className="h-10" />
        </div>
      )}
    </div>
  );
}
