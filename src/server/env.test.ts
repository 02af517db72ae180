import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('readEnv', () => {
  it('applies the documented defaults', () => {
    const env = readEnv({});
    expect(env.PORT).toBe(5000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATA_DIR).toBe(path.resolve('./data'));
    expect(env.sqlitePath).toBe(path.resolve('./data/homelab.db'));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.publicUrl).toBe('http://localhost:5000');
    expect(env.trustProxy).toBe(false);
    expect(env.SMTP_SECURE).toBe('starttls');
  });

  it('parses TRUST_PROXY forms', () => {
    expect(readEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    const hops = readEnv({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function') {
      expect(hops('1.2.3.4', 0)).toBe(true);
      expect(hops('1.2.3.4', 1)).toBe(false);
    }
  });

  it('strips a trailing slash from PUBLIC_URL and refuses other schemes', () => {
    expect(readEnv({ PUBLIC_URL: 'https://lab.example/' }).publicUrl).toBe('https://lab.example');
    expect(() => readEnv({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('names the offending variable', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readEnv({ SMTP_SECURE: 'maybe' })).toThrow(/SMTP_SECURE/);
  });
});
