import { Film, Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { formatDuration } from '#shared/format';
import type { MediaStreamWire } from '#shared/schemas/media';
import { MEDIA_TEXT } from './media-text';
import { useTickingProgress } from './stream-progress';

/** Plex names resolutions by their line count ('1080', '720'); the card shows them as people say them ('1080p'). */
export function formatQuality(quality: string): string {
  return /^\d+$/.test(quality.trim()) ? `${quality.trim()}p` : quality;
}

/** The stream's picture through our thumbnail route, or a film icon when there is none or it fails to load. */
function StreamThumbnail({ src }: { src: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src === null || failed === src) {
    return (
      <span
        className="flex h-14 w-10 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground"
        data-testid="stream-thumb-placeholder"
      >
        <Film className="size-4" aria-hidden="true" />
        <span className="sr-only">{MEDIA_TEXT.thumbnailPlaceholder}</span>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      draggable={false}
      data-testid="stream-thumb"
      className="h-14 w-10 shrink-0 rounded bg-muted object-cover"
      onError={() => setFailed(src)}
    />
  );
}

/** One stream: picture, title, who watches on what, and how far along (SPEC section 3 "Stream"). */
function StreamRow({ stream, progress }: { stream: MediaStreamWire; progress: number }) {
  const isPlaying = stream.state === 'playing';
  const StateIcon = isPlaying ? Play : Pause;
  // Rounded to the millisecond: percent arithmetic would otherwise show 2:02 for what is exactly 2:03.
  const position = Math.round((progress / 100) * stream.duration);
  const details = [stream.user, stream.device, formatQuality(stream.quality)]
    .filter((part) => part.trim() !== '')
    .join(' · ');
  return (
    <li className="flex min-w-0 gap-3" data-testid="media-stream" data-state={stream.state}>
      <StreamThumbnail src={stream.thumb} />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="truncate text-sm font-medium" title={stream.title}>
          {stream.title}
        </p>
        <p className="truncate text-xs text-muted-foreground" title={details}>
          {details}
        </p>
        <div
          role="progressbar"
          aria-label={`${stream.title} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={isPlaying ? 'h-full bg-green-600 dark:bg-green-500' : 'h-full bg-amber-600 dark:bg-amber-500'}
            style={{ width: `${progress}%` }}
            data-testid="stream-progress"
          />
        </div>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground tabular-nums">
          <StateIcon
            className={
              isPlaying
                ? 'size-3.5 shrink-0 fill-current text-green-700 dark:text-green-400'
                : 'size-3.5 shrink-0 fill-current text-amber-700 dark:text-amber-400'
            }
            data-testid="stream-state-icon"
            aria-label={isPlaying ? MEDIA_TEXT.playing : MEDIA_TEXT.paused}
            role="img"
          />
          <span data-testid="stream-time">
            {formatDuration(position)} / {formatDuration(stream.duration)}
          </span>
        </p>
      </div>
    </li>
  );
}

/** The admins' stream list; playing streams advance locally between polls. */
export function StreamList({ streams, receivedAt }: { streams: readonly MediaStreamWire[]; receivedAt: number }) {
  const progress = useTickingProgress(streams, receivedAt);
  return (
    <ul className="grid gap-3" aria-label="Active streams" data-testid="media-streams">
      {streams.map((stream, index) => (
        // The wire has no stream id; the position within one answer is stable enough for a list redrawn each poll.
        <StreamRow key={`${index}-${stream.user}-${stream.title}`} stream={stream} progress={progress[index] ?? 0} />
      ))}
    </ul>
  );
}
