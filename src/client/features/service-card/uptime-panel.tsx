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
] as const satisfies readonly (readonly [keyof ServiceHistoryWire['uptime'], string])[];

/** Recent checks, uptime over 24 h / 7 d / 30 d and response times; it polls only while on screen. */
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
          <dl className="grid grid-cols-3 gap-2 text-center">
            {WINDOWS.map(([key, label]) => (
              <div key={key} className="rounded-md bg-muted/60 px-2 py-1.5">
                <dt className="text-[0.7rem] text-muted-foreground">Uptime {label}</dt>
                <dd className="text-sm font-semibold tabular-nums">{formatUptime(data.uptime[key])}</dd>
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
