import { useId } from 'react';
import type { z } from 'zod';
import type { historyHourWire } from '#shared/schemas/history';

type TimedPoint = z.infer<typeof historyHourWire>;

const WIDTH = 300;
const HEIGHT = 40;
const PAD = 3;

type Measured = { timestamp: string; responseTime: number };
const isMeasured = (point: TimedPoint): point is Measured => point.responseTime !== null;

/**
 * A small line of response times, drawn as SVG (no chart library for one line): hourly averages once there
 * are two hours of them, the recent checks before that (a new service has only one hour).
 */
export function ResponseTimeChart({ hours, recent }: { hours: readonly TimedPoint[]; recent: readonly TimedPoint[] }) {
  const gradientId = useId();
  const hourly = hours.filter(isMeasured);
  const isHourly = hourly.length >= 2;
  const points = isHourly ? hourly : recent.filter(isMeasured);
  if (points.length < 2) {
    return (
      <p className="text-xs text-muted-foreground">
        {points.length === 0 ? 'No response times yet.' : 'Not enough checks for a response-time line yet.'}
      </p>
    );
  }
  const values = points.map((point) => point.responseTime);
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = Math.max(max - min, 1);
  const coordinates = points.map((point, index) => {
    const x = PAD + (index / (points.length - 1)) * (WIDTH - 2 * PAD);
    const y = PAD + (1 - (point.responseTime - min) / span) * (HEIGHT - 2 * PAD);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const line = `M${coordinates.join(' L')}`;
  const area = `${line} L${WIDTH - PAD},${HEIGHT} L${PAD},${HEIGHT} Z`;
  const average = Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  const latest = values[values.length - 1] ?? 0;
  return (
    <figure className="grid gap-1">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-10 w-full text-primary"
        role="img"
        aria-label={`Response time: latest ${latest} ms, average ${average} ms, range ${min} to ${max} ms`}
        data-testid="response-time-chart"
      >
        <defs>
          <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="currentColor" stopOpacity="0.3" />
            <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
          </linearGradient>
        </defs>
        <path d={area} fill={`url(#${gradientId})`} />
        <path
          d={line}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinejoin="round"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="flex justify-between text-[0.7rem] text-muted-foreground tabular-nums">
        <span>Response time ({isHourly ? 'hourly avg.' : 'recent checks'})</span>
        <span>
          {latest} ms · avg {average} ms
        </span>
      </figcaption>
    </figure>
  );
}
