import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';
import { StartupError } from './startup-error.ts';

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

  it('accepts only postgres:// URLs for DATABASE_URL, without echoing the value', () => {
    for (const url of [
      'postgres://u:p@db:5432/homelab',
      'postgresql://db/homelab',
      'postgres:///homelab?host=/run/pg',
    ]) {
      expect(readEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
    for (const bad of ['garbage', 'mysql://u:p@db/homelab', 'postgres://', 'http://db/homelab']) {
      expect(() => readEnv({ DATABASE_URL: bad })).toThrow(
        'DATABASE_URL: not a valid postgres:// URL (expected postgres://user:password@host:5432/database)',
      );
    }
    expect(() => readEnv({ DATABASE_URL: 'mysql://u:s3cret@db/homelab' })).not.toThrow(/s3cret/);
  });

  it('requires SESSION_SECRET to have at least 32 characters when set', () => {
    expect(() => readEnv({ SESSION_SECRET: 'x' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => readEnv({ SESSION_SECRET: 'a'.repeat(31) })).toThrow(StartupError);
    expect(readEnv({ SESSION_SECRET: 'a'.repeat(32) }).SESSION_SECRET).toBe('a'.repeat(32));
    expect(readEnv({ SESSION_SECRET: '  ' }).SESSION_SECRET).toBeUndefined();
  });
});
