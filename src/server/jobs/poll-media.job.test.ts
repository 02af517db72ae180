import { describe, expect, it } from 'vitest';
import type { MediaPoller } from '../media/media-poller.ts';
import { MEDIA_POLL_MS, pollMediaJob } from './poll-media.job.ts';

describe('pollMediaJob', () => {
  it('polls the media server every 10 s from start, in the leading instance only', async () => {
    let polls = 0;
    const poller = {
      poll: () => {
        polls += 1;
        return Promise.resolve();
      },
    } as unknown as MediaPoller;
    const job = pollMediaJob(poller);
    expect(job).toMatchObject({ name: 'poll-media', intervalMs: 10_000, leaderOnly: true, runAtStart: true });
    expect(MEDIA_POLL_MS).toBe(10_000);
    await job.run();
    expect(polls).toBe(1);
  });
});
