import { describe, expect, it } from 'vitest';
import { firstFailure, type CheckFacts } from './evaluate.ts';
import { ConditionSyntaxError, parseCondition, parseDurationMs } from './parse.ts';

const HTTP: CheckFacts = {
  connected: true,
  responseTime: 120,
  status: 200,
  body: JSON.stringify({ status: 'UP', data: [{ id: 7, name: 'alpha' }], count: 3, ok: true, none: null }),
};

/** The failure of one condition against the facts (null when it holds). */
function failure(condition: string, facts: CheckFacts = HTTP): string | null {
  return firstFailure([parseCondition(condition)], facts);
}

describe('conditions: operators', () => {
  it.each([
    ['[STATUS] == 200', true],
    ['[STATUS] == 201', false],
    ['[STATUS] != 500', true],
    ['[STATUS] != 200', false],
    ['[RESPONSE_TIME] < 500', true],
    ['[RESPONSE_TIME] < 120', false],
    ['[RESPONSE_TIME] <= 120', true],
    ['[RESPONSE_TIME] <= 119', false],
    ['[RESPONSE_TIME] > 100', true],
    ['[RESPONSE_TIME] > 120', false],
    ['[RESPONSE_TIME] >= 120', true],
    ['[RESPONSE_TIME] >= 121', false],
  ])('%s holds: %s', (condition, holds) => {
    expect(failure(condition) === null).toBe(holds);
  });

  it('puts a placeholder written on the right on the left, flipping an ordering', () => {
    expect(failure('500 > [RESPONSE_TIME]')).toBeNull();
    expect(failure('100 > [RESPONSE_TIME]')).toBe('100 > [RESPONSE_TIME] (was 120)');
    expect(failure('200 == [STATUS]')).toBeNull();
  });
});

describe('conditions: body, JSON paths and functions', () => {
  it('reads JSON paths, array indexes and nested keys', () => {
    expect(failure('[BODY].status == UP')).toBeNull();
    expect(failure('[BODY].data[0].id == 7')).toBeNull();
    expect(failure('[BODY].data[0].name == alpha')).toBeNull();
    expect(failure('[BODY].count > 2')).toBeNull();
    expect(failure('[BODY].ok == true')).toBeNull();
    expect(failure('[BODY].none == null')).toBeNull();
    expect(failure('[BODY].status == DOWN')).toBe('[BODY].status == DOWN (was UP)');
    expect(failure('[BODY].missing == x')).toBe('[BODY].missing == x (was nothing)');
    expect(failure('[BODY].data[5].id == 7')).toBe('[BODY].data[5].id == 7 (was nothing)');
  });

  it('len() counts characters of the body, items of an array and characters of a string', () => {
    expect(failure(`len([BODY]) == ${HTTP.body?.length}`)).toBeNull();
    expect(failure('len([BODY].data) == 1')).toBeNull();
    expect(failure('len([BODY].status) == 2')).toBeNull();
    expect(failure('len([BODY].data) > 1')).toBe('len([BODY].data) > 1 (was 1)');
  });

  it('has() tells whether a path exists', () => {
    expect(failure('has([BODY].data) == true')).toBeNull();
    expect(failure('has([BODY].errors) == false')).toBeNull();
    expect(failure('has([BODY].errors) == true')).toBe('has([BODY].errors) == true (was false)');
  });

  it('pat() matches wildcards against the whole value, any() one of several', () => {
    const text: CheckFacts = { ...HTTP, body: 'all systems ok today' };
    expect(failure('[BODY] == pat(*ok*)', text)).toBeNull();
    expect(failure('[BODY] == pat(all*)', text)).toBeNull();
    expect(failure('[BODY] == pat(ok*)', text)).toBe('[BODY] == pat(ok*) (was all systems ok today)');
    expect(failure('[BODY] != pat(*error*)', text)).toBeNull();
    expect(failure('[BODY] == pat(a.l*)', text)).not.toBeNull(); // the dot is literal, not a regex wildcard
    expect(failure('[STATUS] == any(200, 201, 204)')).toBeNull();
    expect(failure('[STATUS] == any(301, 302)')).toBe('[STATUS] == any(301, 302) (was 200)');
    expect(failure('[STATUS] != any(500, 502)')).toBeNull();
  });

  it('a body that is not JSON has no paths', () => {
    expect(failure('[BODY].status == UP', { ...HTTP, body: 'not json' })).toBe('[BODY].status == UP (was nothing)');
    expect(failure('has([BODY].status) == false', { ...HTTP, body: 'not json' })).toBeNull();
  });

  it('shortens long values in the message', () => {
    const message = failure('[BODY] == x', { ...HTTP, body: 'y'.repeat(500) });
    expect(message).toBe(`[BODY] == x (was ${'y'.repeat(80)}…)`);
  });
});

describe('conditions: other placeholders', () => {
  const socket: CheckFacts = {
    connected: true,
    responseTime: 5,
    certificateExpirationMs: 10 * 24 * 3_600_000,
    dnsRcode: 'NOERROR',
    ip: '127.0.0.1',
  };

  it('compares certificate expiry with durations', () => {
    expect(failure('[CERTIFICATE_EXPIRATION] > 168h', socket)).toBeNull();
    expect(failure('[CERTIFICATE_EXPIRATION] > 7d', socket)).toBeNull();
    expect(failure('[CERTIFICATE_EXPIRATION] > 720h', socket)).toBe(
      `[CERTIFICATE_EXPIRATION] > 720h (was ${10 * 24 * 3_600_000})`,
    );
  });

  it('reads [CONNECTED], [DNS_RCODE] and [IP]', () => {
    expect(failure('[CONNECTED] == true', socket)).toBeNull();
    expect(failure('[CONNECTED] == false', { connected: false, responseTime: null })).toBeNull();
    expect(failure('[DNS_RCODE] == NOERROR', socket)).toBeNull();
    expect(failure('[DNS_RCODE] == NXDOMAIN', socket)).toBe('[DNS_RCODE] == NXDOMAIN (was NOERROR)');
    expect(failure('[IP] == 127.0.0.1', socket)).toBeNull();
    expect(failure('[IP] == pat(127.*)', socket)).toBeNull();
  });

  it('fails a condition whose placeholder has no value (no answer, no status)', () => {
    expect(failure('[STATUS] == 200', { connected: false, responseTime: null })).toBe('[STATUS] == 200 (was nothing)');
    expect(failure('[STATUS] != 500', { connected: false, responseTime: null })).not.toBeNull();
    expect(failure('[RESPONSE_TIME] < 500', { connected: false, responseTime: null })).not.toBeNull();
  });

  it('reports the first failing condition of several', () => {
    const conditions = ['[STATUS] == 200', '[BODY].status == DOWN', '[RESPONSE_TIME] < 1'].map(parseCondition);
    expect(firstFailure(conditions, HTTP)).toBe('[BODY].status == DOWN (was UP)');
  });
});

describe('conditions: syntax errors', () => {
  it.each([
    ['[STATUS]==200', 'has no operator'],
    ['[STATUS] == ', 'has no operator'],
    ['[FOO] == 1', 'unknown placeholder [FOO]'],
    ['[STATUS].x == 1', 'only [BODY] takes a JSON path'],
    ['len([STATUS]) == 1', 'len() applies to [BODY] only'],
    ['has([BODY]) == true', 'has() needs a JSON path'],
    ['len(x) == 1', 'len() takes a placeholder'],
    ['[BODY] < pat(*a*)', 'pat() and any() work with == and != only'],
    ['[RESPONSE_TIME] < fast', '< needs a number or a duration on the right'],
    ['1 == 1', 'compares no placeholder'],
    ['[STATUS] == [RESPONSE_TIME]', 'compares two placeholders'],
    ['[BODY].a..b == 1', 'bad JSON path'],
  ])('%s: %s', (condition, message) => {
    expect(() => parseCondition(condition)).toThrow(ConditionSyntaxError);
    expect(() => parseCondition(condition)).toThrow(message);
  });

  it('parses Go-style durations', () => {
    expect(parseDurationMs('168h')).toBe(168 * 3_600_000);
    expect(parseDurationMs('1h30m')).toBe(90 * 60_000);
    expect(parseDurationMs('500ms')).toBe(500);
    expect(parseDurationMs('2d')).toBe(2 * 86_400_000);
    expect(parseDurationMs('soon')).toBeNull();
  });
});
