import { describe, expect, it } from 'vitest';
import { checkValuesFor, toCheckSettings } from './check-settings-form';

describe('the Advanced check fields', () => {
  it('send nothing when left empty', () => {
    expect(toCheckSettings(checkValuesFor(null), 'https://grafana.lan')).toEqual({ check: null, error: null });
  });

  it('send the HTTP request settings, conditions one per line and thresholds', () => {
    const values = {
      ...checkValuesFor(null),
      conditions: '[STATUS] == 200\n\n  [BODY].status == UP  ',
      method: 'POST',
      headers: 'Authorization: Bearer abc:def\nX-A: 1',
      body: '{"a":1}',
      failureThreshold: '3',
      recoveryThreshold: '2',
    };
    expect(toCheckSettings(values, 'https://api.lan/health')).toEqual({
      check: {
        conditions: ['[STATUS] == 200', '[BODY].status == UP'],
        method: 'POST',
        headers: { Authorization: 'Bearer abc:def', 'X-A': '1' },
        body: '{"a":1}',
        failureThreshold: 3,
        recoveryThreshold: 2,
      },
      error: null,
    });
  });

  it('keep only the settings of the URL scheme', () => {
    const values = { ...checkValuesFor(null), method: 'POST', body: 'x', queryName: 'nas.lan', graceSeconds: '30' };
    expect(toCheckSettings(values, 'dns://192.168.1.1').check).toEqual({ query: { name: 'nas.lan', type: 'A' } });
    expect(toCheckSettings(values, 'push://').check).toEqual({ graceSeconds: 30 });
    expect(toCheckSettings({ ...values, insecure: true }, 'tls://nas.lan:443').check).toEqual({ insecure: true });
  });

  it('answer with the shared schema messages', () => {
    const values = checkValuesFor(null);
    expect(toCheckSettings({ ...values, headers: 'no colon' }, 'http://a.lan').error).toBe(
      'Header lines must read Name: value',
    );
    expect(toCheckSettings({ ...values, failureThreshold: '0' }, 'http://a.lan').error).toBe(
      'Failure threshold must be a whole number from 1 to 10',
    );
    expect(toCheckSettings({ ...values, recoveryThreshold: 'x' }, 'http://a.lan').error).toBe(
      'Recovery threshold must be a whole number from 1 to 10',
    );
    expect(toCheckSettings(values, 'dns://10.0.0.1').error).toBe('Query name must be a DNS name');
  });

  it("round-trip a service's settings", () => {
    const check = {
      conditions: ['[STATUS] == 200'],
      method: 'PUT' as const,
      headers: { 'X-Token': 't' },
      body: 'b',
      failureThreshold: 2,
    };
    expect(toCheckSettings(checkValuesFor(check), 'http://a.lan').check).toEqual(check);
  });
});
