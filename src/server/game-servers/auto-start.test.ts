import { describe, expect, it } from 'vitest';
import { AUTO_START_RETRY_MS, shouldAutoStart, type AutoStartFacts } from './auto-start.ts';

const now = new Date('2026-11-25T12:00:00Z');
const base: AutoStartFacts = {
  row: { autoStart: true, missing: false },
  state: { online: false, stopped: true },
  canControl: true,
  stoppedByUserLately: false,
  lastAutomaticAt: null,
  now,
};

describe('shouldAutoStart', () => {
  it('starts a stopped server whose autoStart is on', () => {
    expect(shouldAutoStart(base)).toBe(true);
  });

  it.each<[string, Partial<AutoStartFacts>]>([
    ['autoStart is off', { row: { autoStart: false, missing: false } }],
    ['the server is missing from its panel', { row: { autoStart: true, missing: true } }],
    ['the provider cannot control it', { canControl: false }],
    ['it is online', { state: { online: true, stopped: false } }],
    ['it is on its way up (starting, updating)', { state: { online: false, stopped: false } }],
    ['a person stopped it lately', { stoppedByUserLately: true }],
    ['the rule tried it a minute ago', { lastAutomaticAt: new Date(now.getTime() - 60_000) }],
  ])('leaves it alone when %s', (_why, change) => {
    expect(shouldAutoStart({ ...base, ...change })).toBe(false);
  });

  it('tries again once the retry time has passed', () => {
    expect(shouldAutoStart({ ...base, lastAutomaticAt: new Date(now.getTime() - AUTO_START_RETRY_MS) })).toBe(true);
  });

  it('reads a state without `stopped` as stopped when offline', () => {
    expect(shouldAutoStart({ ...base, state: { online: false } })).toBe(true);
  });
});
