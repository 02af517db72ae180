import type { MediaPoller } from '../media/media-poller.ts';
import type { Job } from './job.ts';

/** The media server is asked every 10 s (identity, streams and libraries in one poll); readers read the result. */
export const MEDIA_POLL_MS = 10_000;

/** In the leading instance only: a deployment polls its media server once, whatever the number of instances. */
export const pollMediaJob = (poller: MediaPoller): Job => ({
  name: 'poll-media',
  intervalMs: MEDIA_POLL_MS,
  leaderOnly: true,
  runAtStart: true,
  run: () => poller.poll(),
});
