import { useEffect, useState } from 'react';
import { MEDIA_PROGRESS_TICK_MS } from '#shared/constants';
import type { MediaStreamWire } from '#shared/schemas/media';

/**
 * A stream's progress after `ticks` local ticks (SPEC section 4): playing streams gain 1000 / duration × 100
 * percent per tick, capped at 100; paused ones (and those of unknown duration) stay where the server put them.
 */
export function advancedProgress(stream: Pick<MediaStreamWire, 'state' | 'progress' | 'duration'>, ticks: number) {
  const start = Math.min(100, Math.max(0, stream.progress));
  if (stream.state !== 'playing' || !(stream.duration > 0)) return start;
  return Math.min(100, start + ticks * (MEDIA_PROGRESS_TICK_MS / stream.duration) * 100);
}

/**
 * The streams' progress advancing every 1000 ms; `receivedAt` (when the data arrived) starts the count again, so
 * new data from the server always wins over the local estimate.
 */
export function useTickingProgress(streams: readonly MediaStreamWire[], receivedAt: number): number[] {
  const [ticks, setTicks] = useState({ receivedAt, count: 0 });
  const canAdvance = streams.some((stream) => advancedProgress(stream, 1) > advancedProgress(stream, 0));

  useEffect(() => {
    if (!canAdvance) return;
    const timer = setInterval(() => {
      setTicks((current) => ({ receivedAt, count: current.receivedAt === receivedAt ? current.count + 1 : 1 }));
    }, MEDIA_PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [canAdvance, receivedAt]);

  const count = ticks.receivedAt === receivedAt ? ticks.count : 0;
  return streams.map((stream) => advancedProgress(stream, count));
}
