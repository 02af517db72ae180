/** Display formats SPEC fixes (section 2 times, section 3 memory) plus the card's relative times. */

/** A duration in milliseconds as h:mm:ss, or m:ss under an hour (SPEC section 2). Negative or NaN reads 0:00. */
export function formatDuration(ms: number): string {
  const totalSeconds = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const ss = String(seconds).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
  return `${minutes}:${ss}`;
}

/** Megabytes as gigabytes with 2 decimals (SPEC section 3: value / 1024). */
export function formatGigabytes(megabytes: number): string {
  return (Number.isFinite(megabytes) ? megabytes / 1024 : 0).toFixed(2);
}

/** A service's refresh interval line, e.g. 'Every 30s' or 'Every 5m' for whole minutes. */
export function formatRefreshInterval(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return `Every ${seconds / 60}m`;
  return `Every ${seconds}s`;
}

/**
 * How long ago `iso` was, relative to `nowMs`: 'just now', '42s ago', '5m ago', '3h ago', '2d ago'.
 * Unreadable dates read 'never'; small clock skew into the future reads 'just now'.
 */
export function formatRelativeTime(iso: string, nowMs: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return 'never';
  const seconds = Math.floor((nowMs - then) / 1000);
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds}s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** An uptime percentage with up to 2 decimals ('99.95%', '100%'), or an em dash without data. */
export function formatUptime(percent: number | null): string {
  if (percent === null || !Number.isFinite(percent)) return '—';
  return `${Number(percent.toFixed(2))}%`;
}
