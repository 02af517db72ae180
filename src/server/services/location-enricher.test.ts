import { describe, expect, it } from 'vitest';
import type { GeoIpInfo, GeoIpLookup } from '../integrations/geoip/geoip.ts';
import { ENRICH_QUEUE_LIMIT, LocationEnricher, type LocationStore } from './location-enricher.ts';

const PLACE: GeoIpInfo = { isp: 'Example Net', city: 'Town', region: 'Shire', country: 'Land' };

/** The attempts table in memory; `failReads` makes that many backlog reads fail first. */
function memoryStore(failReads = 0) {
  const rows = new Map<number, { ip: string; info: GeoIpInfo | null }>();
  let failures = failReads;
  const store: LocationStore = {
    setLocation: (id, info) => {
      const row = rows.get(id);
      if (row) row.info = info;
      return Promise.resolve();
    },
    listUnlocated: (fromId, toId, limit) => {
      if (failures-- > 0) return Promise.reject(new Error('database busy'));
      const found = [...rows]
        .filter(([id, row]) => id >= fromId && id <= toId && !row.info)
        .slice(0, limit)
        .map(([id, row]) => ({ id, ip: row.ip }));
      return Promise.resolve(found);
    },
  };
  return { rows, store };
}

/** Lookups that answer only once open() is called. */
function heldLookup() {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const geoIp: GeoIpLookup = {
    lookup: async () => {
      await opened;
      return PLACE;
    },
    close: () => Promise.resolve(),
  };
  return { geoIp, open };
}

function insertAndEnqueue(enricher: LocationEnricher, rows: Map<number, unknown>, from: number, count: number) {
  for (let id = from; id < from + count; id++) {
    rows.set(id, { ip: `192.0.${id >> 8}.${id & 255}`, info: null });
    enricher.enqueue(id, `192.0.${id >> 8}.${id & 255}`);
  }
}

describe('LocationEnricher', () => {
  it('places the attempts that did not fit in the queue, read back in several rounds', async () => {
    const { rows, store } = memoryStore();
    const held = heldLookup();
    const enricher = new LocationEnricher(held.geoIp, store, (error) => expect.fail(String(error)));
    insertAndEnqueue(enricher, rows, 1, 3 * ENRICH_QUEUE_LIMIT);
    held.open();
    await enricher.whenIdle();
    expect([...rows.values()].filter((row) => !row.info)).toEqual([]);
  });

  it('reads the backlog again on the next attempt after a failed read, and reports the failure', async () => {
    const { rows, store } = memoryStore(1);
    const held = heldLookup();
    const errors: unknown[] = [];
    const enricher = new LocationEnricher(held.geoIp, store, (error) => errors.push(error));
    insertAndEnqueue(enricher, rows, 1, ENRICH_QUEUE_LIMIT + 50);
    held.open();
    // The read after the queue has drained fails: those 46 stay in the backlog, the queued ones are placed.
    await expect.poll(() => errors.length).toBe(1);
    await expect.poll(() => [...rows.values()].filter((row) => !row.info).length).toBe(46);
    insertAndEnqueue(enricher, rows, ENRICH_QUEUE_LIMIT + 51, 1);
    await enricher.whenIdle();
    expect([...rows.values()].filter((row) => !row.info)).toEqual([]);
  });

  it('saves nothing after close and lets waiters go', async () => {
    const { rows, store } = memoryStore();
    const held = heldLookup();
    const enricher = new LocationEnricher(held.geoIp, store, (error) => expect.fail(String(error)));
    insertAndEnqueue(enricher, rows, 1, 10);
    enricher.close();
    held.open();
    await enricher.whenIdle();
    expect([...rows.values()].filter((row) => row.info)).toEqual([]);
  });
});
