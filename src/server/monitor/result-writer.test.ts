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

/** A history whose writes fail as on a full disk until `free()`; tells each attempt. */
class FullDiskHistory extends RecordingHistory {
  full = true;
  attempts = 0;
  readonly #waiters: (() => void)[] = [];

  override writeBatch(batch: ResultBatch): Promise<Set<number>> {
    this.attempts += 1;
    for (const wake of this.#waiters.splice(0)) wake();
    if (this.full) return Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    return super.writeBatch(batch);
  }

  /** Resolves at the next write attempt. */
  nextAttempt(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
}

function countingLog() {
  const lines: { level: string; message: string }[] = [];
  const log = {
    error: (_details: object, message: string) => lines.push({ level: 'error', message }),
    warn: (_details: object, message: string) => lines.push({ level: 'warn', message }),
    info: (_details: object, message: string) => lines.push({ level: 'info', message }),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('ResultWriter: a full disk', () => {
  it('holds the results, retries, and writes them in order once space returns: the change once, with its own time', async () => {
    const history = new FullDiskHistory();
    const { log, lines } = countingLog();
    const shown: number[][] = [];
    const resultWriter = new ResultWriter(history as unknown as StatusHistoryRepository, log, {
      flushMs: 5,
      onShownChanges: (ids) => shown.push([...ids]),
    });
    resultWriter.track(1, true, '2026-11-26T11:00:00.000Z');
    resultWriter.track(2, true, null);
    const wentDown = down(1, 'connect ECONNREFUSED 127.0.0.1:9');
    resultWriter.add(up(2));
    resultWriter.add(wentDown);
    resultWriter.add(down(1, 'connect ECONNREFUSED 127.0.0.1:9'));
    resultWriter.add(up(2));
    // Several retries, all failing: nothing is dropped and the failure is logged once.
    while (history.attempts < 4) await history.nextAttempt();
    expect(resultWriter.held).toBe(4);
    expect(history.batches).toEqual([]);
    expect(lines.filter((line) => line.level !== 'info')).toEqual([
      { level: 'warn', message: 'the disk is full: check results are held in memory and written once it has space' },
    ]);

    // The next retry writes everything held (four results: one batch).
    const written = new Promise<void>((resolve) => resultWriter.onWritten(() => resolve()));
    history.full = false;
    await written;
    await resultWriter.flush();
    expect(resultWriter.held).toBe(0);
    const changes = history.batches.flatMap((batch) => batch.changes);
    expect(changes).toEqual([
      {
        serviceId: 1,
        status: false,
        changedAt: wentDown.timestamp,
        previousChangedAt: '2026-11-26T11:00:00.000Z',
        reason: 'connect ECONNREFUSED 127.0.0.1:9',
      },
    ]);
    expect(history.batches.flatMap((batch) => batch.results).map((row) => row.serviceId)).toEqual([2, 1, 1, 2]);
    expect(shown).toEqual([[1]]);
    expect(lines.at(-1)).toMatchObject({ level: 'info' });

    // Written once: later results compare with the stored (now down) status.
    resultWriter.add(down(1, 'connect ECONNREFUSED 127.0.0.1:9'));
    await resultWriter.flush();
    expect(history.batches.flatMap((batch) => batch.changes)).toHaveLength(1);
  });

  it('drops what it holds when the monitor stops (another instance leads, or the process ends)', async () => {
    const history = new FullDiskHistory();
    const resultWriter = new ResultWriter(history as unknown as StatusHistoryRepository, countingLog().log, {
      flushMs: 60_000,
    });
    resultWriter.track(1, true, null);
    resultWriter.add(down(1, 'timeout'));
    await resultWriter.flush();
    expect(resultWriter.held).toBe(1);
    expect(resultWriter.discardHeld()).toBe(1);
    history.full = false;
    await resultWriter.flush();
    expect(history.batches).toEqual([]);
  });

  it('still drops a batch that failed for another reason (the stored state re-detects any change)', async () => {
    const history = new FullDiskHistory();
    history.writeBatch = () => Promise.reject(new Error('connection terminated'));
    const { log, lines } = countingLog();
    const resultWriter = new ResultWriter(history as unknown as StatusHistoryRepository, log, { flushMs: 60_000 });
    resultWriter.track(1, true, null);
    resultWriter.add(down(1, 'timeout'));
    await resultWriter.flush();
    expect(resultWriter.held).toBe(0);
    expect(lines).toEqual([{ level: 'error', message: 'writing check results failed' }]);
  });
});
