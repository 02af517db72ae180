import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHUTDOWN_LIMIT_MS, exitOnSignals } from './shutdown.ts';

/** Signals, exits and log lines of one installed handler; the steps resolve when the test says so. */
function harness() {
  const signals = new EventEmitter();
  const exits: number[] = [];
  const lines: { level: 'info' | 'error'; text: string }[] = [];
  const record = (level: 'info' | 'error') => (first: unknown, second?: unknown) => {
    lines.push({ level, text: typeof first === 'string' ? first : String(second) });
  };
  let finish: (error?: Error) => void = () => {};
  let started = 0;
  exitOnSignals({
    log: { info: record('info'), error: record('error') } as never,
    steps: () => {
      started += 1;
      return new Promise<void>((resolve, reject) => {
        finish = (error) => (error ? reject(error) : resolve());
      });
    },
    signals: signals as unknown as Pick<NodeJS.Process, 'on'>,
    exit: (code) => exits.push(code),
  });
  return { signals, exits, lines, finish: (error?: Error) => finish(error), started: () => started };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('exit on signals', () => {
  it.each(['SIGTERM', 'SIGINT'])('%s runs the shutdown steps once and exits 0 when they finish', async (signal) => {
    const { signals, exits, lines, finish, started } = harness();
    signals.emit(signal, signal);
    expect(started()).toBe(1);
    expect(exits).toEqual([]);
    finish();
    await settle();
    expect(exits).toEqual([0]);
    expect(lines.map((line) => line.text)).toEqual(['shutting down', 'shut down cleanly']);
  });

  it('a second signal exits 1 at once, saying so', () => {
    const { signals, exits, lines, started } = harness();
    signals.emit('SIGTERM', 'SIGTERM');
    signals.emit('SIGINT', 'SIGINT');
    expect(started()).toBe(1);
    expect(exits).toEqual([1]);
    expect(lines.at(-1)).toEqual({ level: 'error', text: 'second signal during shutdown; exiting at once' });
  });

  it('a shutdown still running at the limit exits 1, saying so', () => {
    vi.useFakeTimers();
    const { signals, exits, lines } = harness();
    signals.emit('SIGTERM', 'SIGTERM');
    vi.advanceTimersByTime(SHUTDOWN_LIMIT_MS - 1);
    expect(exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(exits).toEqual([1]);
    expect(lines.at(-1)).toEqual({ level: 'error', text: 'shutdown did not finish within 10 s; exiting' });
  });

  it('a failing step exits 1 and logs the failure', async () => {
    const { signals, exits, lines, finish } = harness();
    signals.emit('SIGTERM', 'SIGTERM');
    finish(new Error('database close failed'));
    await settle();
    expect(exits).toEqual([1]);
    expect(lines.at(-1)).toEqual({ level: 'error', text: 'shutdown failed' });
  });
});
