import { describe, expect, it } from 'vitest';
import type { DeliveryToSend } from '../repositories/notification-outbox.repository.ts';
import { decideDelivery, retryDelayMs, shouldGiveUp } from './delivery-rules.ts';
import { formatDuration, formatTimestamp, previousStateDuration } from './format.ts';

const now = new Date('2030-01-01T12:00:00.000Z');
const delivery: DeliveryToSend = {
  id: 1,
  changeId: 10,
  ownerId: 3,
  preferenceId: 3,
  serviceId: 4,
  status: false,
  attempts: 0,
  createdAt: now.toISOString(),
  changedAt: now.toISOString(),
  previousChangedAt: null,
  email: 'a@b.test',
  preferenceEnabled: true,
  subjectName: 'S',
  serviceIsNsfw: false,
  isHiddenGameServer: false,
  user: { id: 2, role: 'user', approved: true, enabled: true, can_view_nsfw: false },
  mail: null,
};
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('retry timing', () => {
  it('doubles from 30 s up to 30 min', () => {
    expect([1, 2, 3, 4, 6, 7, 8, 100].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 960_000, 1_800_000, 1_800_000, 1_800_000,
    ]);
  });
  it('gives up after 24 hours', () => {
    expect(shouldGiveUp(minutesAgo(24 * 60 - 1), now)).toBe(false);
    expect(shouldGiveUp(minutesAgo(24 * 60), now)).toBe(true);
  });
});

describe('decideDelivery', () => {
  const quiet = {
    now,
    hasNewer: false,
    lastSent: undefined,
    lastTold: undefined as boolean | undefined,
    heldByMaintenance: false,
  };
  it('sends a first notification', () => {
    expect(decideDelivery(delivery, quiet)).toEqual({ action: 'send' });
  });
  it('skips disabled preferences, inactive accounts and NSFW services the user may not see', () => {
    expect(decideDelivery({ ...delivery, preferenceEnabled: false }, quiet).action).toBe('skip');
    expect(decideDelivery({ ...delivery, user: { ...delivery.user, approved: false } }, quiet).action).toBe('skip');
    expect(decideDelivery({ ...delivery, user: { ...delivery.user, enabled: false } }, quiet).action).toBe('skip');
    expect(decideDelivery({ ...delivery, serviceIsNsfw: true }, quiet).action).toBe('skip');
    const nsfwUser = { ...delivery.user, can_view_nsfw: true };
    expect(decideDelivery({ ...delivery, serviceIsNsfw: true, user: nsfwUser }, quiet).action).toBe('send');
  });
  it('skips a hidden game server for everyone but administrators', () => {
    const hidden = { ...delivery, isHiddenGameServer: true };
    expect(decideDelivery(hidden, quiet)).toEqual({ action: 'skip', reason: 'game server not visible' });
    expect(decideDelivery({ ...hidden, user: { ...delivery.user, role: 'admin' } }, quiet).action).toBe('send');
    expect(decideDelivery({ ...hidden, user: { ...delivery.user, role: 'superadmin' } }, quiet).action).toBe('send');
  });
  it('skips a change superseded by a later one, and a state the recipient already has', () => {
    expect(decideDelivery(delivery, { ...quiet, hasNewer: true }).action).toBe('skip');
    const told = { ...quiet, lastSent: { status: false, sentAt: minutesAgo(60) }, lastTold: false };
    expect(decideDelivery(delivery, told).action).toBe('skip');
  });
  it('decides "no news" against the last delivery that may have arrived, not only the recorded sends', () => {
    // Recorded: DOWN was sent. A later UP is in doubt (its sender died): this DOWN is news after all.
    const told = { ...quiet, lastSent: { status: false, sentAt: minutesAgo(60) }, lastTold: true };
    expect(decideDelivery(delivery, told).action).toBe('send');
  });
  describe('a change queued late, after a later one (the monitor held both while the disk was full)', () => {
    // DOWN at 11:50, queued at 12:00 together with the UP 20 s later: the recipient was last told UP an hour ago.
    const lateDown = { ...delivery, changedAt: minutesAgo(10), createdAt: now.toISOString() };
    const superseded = { action: 'skip', reason: 'superseded by a later change' };
    const toldUpLongAgo = {
      ...quiet,
      hasNewer: true,
      lastSent: { status: true, sentAt: minutesAgo(70) },
      lastTold: true as boolean | undefined,
    };
    it('is sent, as it would have been on time, when nothing held it back then', () => {
      expect(decideDelivery(lateDown, toldUpLongAgo)).toEqual({ action: 'send' });
      expect(decideDelivery(lateDown, { ...quiet, hasNewer: true })).toEqual({ action: 'send' });
      // The quiet window of the last notification was over when the change happened: 5 minutes to the millisecond.
      const windowOver = { ...toldUpLongAgo, lastSent: { status: true, sentAt: minutesAgo(15) } };
      expect(decideDelivery(lateDown, windowOver)).toEqual({ action: 'send' });
    });
    it('is still "no news" when the recipient already has its state', () => {
      expect(decideDelivery(lateDown, { ...toldUpLongAgo, lastTold: false })).toEqual({
        action: 'skip',
        reason: 'recipient already has this state',
      });
    });
    it('still folds into the later change when the quiet window held it back at the time of the change', () => {
      // A notification 2 minutes before the change: on time it would have waited, and been superseded then.
      const recentBefore = { ...toldUpLongAgo, lastSent: { status: true, sentAt: minutesAgo(12) } };
      expect(decideDelivery(lateDown, recentBefore)).toEqual(superseded);
      // A notification after the change (an earlier outage of the same late batch, just sent): folded too.
      const sentSince = { ...toldUpLongAgo, lastSent: { status: false, sentAt: minutesAgo(0) }, lastTold: false };
      expect(decideDelivery({ ...lateDown, status: true }, sentSince)).toEqual(superseded);
    });
    it('still folds when it was attempted before (SMTP or a channel failed), or held by a maintenance window', () => {
      expect(decideDelivery({ ...lateDown, attempts: 1 }, toldUpLongAgo)).toEqual(superseded);
      expect(decideDelivery(lateDown, { ...toldUpLongAgo, heldByMaintenance: true })).toEqual(superseded);
    });
    it('counts as late only when queued more than 30 s after the change', () => {
      const queuedAfter = (ms: number) => ({
        ...lateDown,
        createdAt: new Date(Date.parse(lateDown.changedAt) + ms).toISOString(),
      });
      expect(decideDelivery(queuedAfter(2_000), toldUpLongAgo)).toEqual(superseded);
      expect(decideDelivery(queuedAfter(30_000), toldUpLongAgo)).toEqual(superseded);
      expect(decideDelivery(queuedAfter(30_001), toldUpLongAgo)).toEqual({ action: 'send' });
      // A change time that cannot be read counts as on time.
      expect(decideDelivery({ ...lateDown, changedAt: '' }, toldUpLongAgo)).toEqual(superseded);
    });
    it('changes nothing for the latest change: the anti-storm rule defers it as usual', () => {
      const justSent = { ...quiet, lastSent: { status: false, sentAt: minutesAgo(0) }, lastTold: false };
      const lateUp = { ...lateDown, status: true, changedAt: minutesAgo(9) };
      expect(decideDelivery(lateUp, justSent)).toEqual({
        action: 'defer',
        until: new Date(now.getTime() + 5 * 60_000),
      });
    });
  });
  it('waits until 5 minutes after the last notification', () => {
    const decision = decideDelivery(delivery, { ...quiet, lastSent: { status: true, sentAt: minutesAgo(2) } });
    expect(decision).toEqual({ action: 'defer', until: new Date(now.getTime() + 3 * 60_000) });
    expect(decideDelivery(delivery, { ...quiet, lastSent: { status: true, sentAt: minutesAgo(5) } }).action).toBe(
      'send',
    );
  });
});

describe('format', () => {
  it('says durations as people do', () => {
    expect(formatDuration(0)).toBe('0 seconds');
    expect(formatDuration(-5_000)).toBe('0 seconds');
    expect(formatDuration(1_000)).toBe('1 second');
    expect(formatDuration(5 * 60_000)).toBe('5 minutes');
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000 + 7_000)).toBe('2 hours 5 minutes');
    expect(formatDuration(2 * 3_600_000 + 7_000)).toBe('2 hours');
    expect(formatDuration(86_400_000 + 3_600_000)).toBe('1 day 1 hour');
    expect(formatDuration(61_000)).toBe('1 minute 1 second');
  });
  it('knows when there was no previous state', () => {
    expect(previousStateDuration(now.toISOString(), null)).toBe('unknown');
    expect(previousStateDuration(now.toISOString(), minutesAgo(90))).toBe('1 hour 30 minutes');
  });
  it('writes timestamps in UTC', () => {
    expect(formatTimestamp(now)).toBe('2030-01-01 12:00:00 UTC');
    expect(formatTimestamp('2030-01-01T12:00:00.999Z')).toBe('2030-01-01 12:00:00 UTC');
  });
});
