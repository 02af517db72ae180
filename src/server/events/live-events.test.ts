import { describe, expect, it } from 'vitest';
import { LiveEvents } from './live-events.ts';
import { StreamQuota } from './stream-quota.ts';

describe('LiveEvents', () => {
  it('fans an event out to every subscriber until it unsubscribes', () => {
    const events = new LiveEvents(1);
    const seen: string[][] = [[], []];
    const stopFirst = events.subscribe((event) => seen[0]?.push(event.type));
    events.subscribe((event) => seen[1]?.push(event.type));
    events.publish('service', { id: 1, status: true });
    stopFirst();
    events.publish('media', {});
    expect(seen).toEqual([['service'], ['service', 'media']]);
    expect(events.streamCount).toBe(1);
  });

  it("frames the administrators' data under the same id only when it is given", () => {
    const events = new LiveEvents(3);
    const plain = events.publish('service', { id: 1, failure: 'timeout' }, { nsfw: true });
    expect(plain).toMatchObject({ nsfw: true, adminFrame: null });
    const split = events.publish(
      'service',
      { id: 2, failure: 'Condition 1 of 1 failed' },
      { adminData: { id: 2, failure: '[STATUS] == 200 (was 500)' } },
    );
    expect(split.nsfw).toBe(false);
    expect(split.frame).toBe(`id: ${split.id}\nevent: service\ndata: {"id":2,"failure":"Condition 1 of 1 failed"}\n\n`);
    expect(split.adminFrame).toBe(
      `id: ${split.id}\nevent: service\ndata: {"id":2,"failure":"[STATUS] == 200 (was 500)"}\n\n`,
    );
  });

  it('replays what followed a Last-Event-ID, and nothing for the latest id', () => {
    const events = new LiveEvents(7);
    const first = events.publish('service', { id: 1 });
    const second = events.publish('game-servers', {});
    const third = events.publish('service', { id: 2 });
    expect(events.since(first.id)?.map((event) => event.id)).toEqual([second.id, third.id]);
    expect(events.since(third.id)).toEqual([]);
  });

  it("cannot replay another process's ids, ids from the future, garbage, or ids older than the buffer", () => {
    const events = new LiveEvents(7);
    const first = events.publish('service', {});
    expect(events.since(new LiveEvents(8).publish('service', {}).id)).toBeNull();
    expect(events.since(`${first.id.split('-')[0]}-99`)).toBeNull();
    expect(events.since('nonsense')).toBeNull();
    for (let i = 0; i < 1001; i += 1) events.publish('media', {});
    expect(events.since(first.id)).toBeNull();
  });
});

describe('LiveEvents.resync', () => {
  it('tells open streams to resync, and replays nothing from before the gap, but everything after it', () => {
    const events = new LiveEvents(7);
    const seen: string[] = [];
    events.subscribe((event) => seen.push(event.type));
    const before = events.publish('service', { id: 1 });
    const resync = events.resync();
    const after = events.publish('media', {});
    expect(seen).toEqual(['service', 'resync', 'media']);
    expect(events.since(before.id)).toBeNull();
    expect(events.since(resync.id)?.map((event) => event.id)).toEqual([after.id]);
  });
});

describe('StreamQuota', () => {
  it('admits up to the limit per account, and one more once a stream is released', () => {
    const quota = new StreamQuota(2);
    expect([quota.open(1), quota.open(1), quota.open(1), quota.open(2)]).toEqual([true, true, false, true]);
    quota.release(1);
    expect(quota.open(1)).toBe(true);
  });
});
