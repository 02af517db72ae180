import { describe, expect, it } from 'vitest';
import { capReached, groupThousands, MSG, tryAgainIn, waitInWords } from './messages.ts';

describe('waitInWords', () => {
  it('says seconds under a minute and whole minutes, rounded up, from a minute on', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(45)).toBe('45 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(14 * 60)).toBe('14 minutes');
    expect(waitInWords(3600)).toBe('60 minutes');
  });

  it('never says zero: a caller who is limited must wait at least a second', () => {
    expect(waitInWords(0)).toBe('1 second');
    expect(waitInWords(0.2)).toBe('1 second');
  });
});

describe('tryAgainIn', () => {
  it('puts the reason first and the wait after it', () => {
    expect(tryAgainIn(MSG.tooManyAttempts, 240)).toBe('Too many attempts. Try again in 4 minutes.');
  });
});

describe('groupThousands', () => {
  it('writes whole numbers as toLocaleString("en-US") does', () => {
    for (const value of [0, 7, 999, 1000, 10_000, 123_456, 1_000_000, 98_765_432, -1500, Number.MAX_SAFE_INTEGER]) {
      expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('names the cap, the rows and the variable that raises it', () => {
    expect(capReached('services', 10_000, 'MAX_SERVICES')).toBe(
      'Cannot add more than 10,000 services (raise MAX_SERVICES to allow more)',
    );
  });
});
