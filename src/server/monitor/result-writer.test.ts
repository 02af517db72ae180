import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ResultBatch, StatusHistoryRepository } from '../repositories/status-history.repository.ts';
import { ResultWriter } from './result-writer.ts';

/** Keeps the batches it is given and answers that every service still exists. */
class RecordingHistory {
  readonly batches: ResultBatch[] = [];

  writeBatch(batch: ResultBatch): Promise<Set<number>> {
    this.batches.push(batch);
    return Promise.resolve(new Set(batch.latest.map((result) => result.serviceId)));
  }
}

const log = { error: () => undefined } as unknown as FastifyBaseLogger;

function writer(): { writer: ResultWriter; shown: number[][]; history: RecordingHistory } {
  const history = new RecordingHistory();
  const shown: number[][] = [];
  const resultWriter = new ResultWriter(history as unknown as StatusHistoryRepository, log, {
    flushMs: 60_000,
    onShownChanges: (ids) => shown.push([...ids]),
  });
  return { writer: resultWriter, shown, history };
}

let second = 0;
const at = () => new Date(Date.UTC(2026, 10, 26, 12, 0, (second += 1))).toISOString();
const down = (serviceId: number, reason: string) => ({
  serviceId,
  status: false,
  timestamp: at(),
  responseTime: null,
  reason,
});
const up = (serviceId: number) => ({ serviceId, status: true, timestamp: at(), responseTime: 12 });

describe('ResultWriter: what open dashboards are told', () => {
  it('tells of a status change, and of a down service failing for another reason, never of a repeat', async () => {
    const { writer: resultWriter, shown } = writer();
    resultWriter.track(1, true, null);
    resultWriter.track(2, true, null);

    resultWriter.add(down(1, 'timeout'));
    await resultWriter.flush();
    expect(shown).toEqual([[1]]);

    // The same reason again, and another service still up: nothing a card shows changed.
    resultWriter.add(down(1, 'timeout'));
    resultWriter.add(up(2));
    await resultWriter.flush();
    expect(shown).toEqual([[1]]);

    // Still down, now refused: the card's failure text changes.
    resultWriter.add(down(1, 'connect ECONNREFUSED 127.0.0.1:9'));
    await resultWriter.flush();
    expect(shown).toEqual([[1], [1]]);

    resultWriter.add(up(1));
    await resultWriter.flush();
    expect(shown).toEqual([[1], [1], [1]]);
  });

  it('writes a status change row only for a change of status, not for a new reason', async () => {
    const { writer: resultWriter, history } = writer();
    resultWriter.track(3, false, '2026-11-26T11:00:00.000Z');
    resultWriter.add(down(3, 'timeout'));
    resultWriter.add(down(3, '[STATUS] == 200 (was 503)'));
    await resultWriter.flush();
    expect(history.batches.flatMap((batch) => batch.changes)).toEqual([]);
  });

  it('compares with the stored failure it was given at start, and takes the first reason as known without one', async () => {
    const { writer: resultWriter, shown } = writer();
    resultWriter.track(4, false, '2026-11-26T11:00:00.000Z');
    resultWriter.add(down(4, 'timeout'));
    await resultWriter.flush();
    expect(shown).toEqual([]);
    resultWriter.add(down(4, 'connect ECONNREFUSED 127.0.0.1:9'));
    await resultWriter.flush();
    expect(shown).toEqual([[4]]);

    // The monitor passes the stored failure: a restart that finds another reason tells the open dashboards.
    resultWriter.track(5, false, '2026-11-26T11:00:00.000Z', 'timeout');
    resultWriter.add(down(5, 'timeout'));
    await resultWriter.flush();
    expect(shown).toEqual([[4]]);
    resultWriter.add(down(5, 'certificate has expired'));
    await resultWriter.flush();
    expect(shown).toEqual([[4], [5]]);
  });
});
