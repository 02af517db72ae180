import { describe, expect, it } from 'vitest';
import { sqliteUnsupportedReason } from './database.ts';

describe('sqliteUnsupportedReason', () => {
  it('accepts Node 20, 22 and 24 up to 24.18', () => {
    for (const version of ['v20.19.0', 'v20.20.2', 'v22.14.0', 'v24.0.0', 'v24.18.1']) {
      expect(sqliteUnsupportedReason(version)).toBeNull();
    }
  });

  it('refuses Node 24.19 and later with advice', () => {
    for (const version of ['v24.19.0', 'v24.21.0', 'v25.1.0']) {
      expect(sqliteUnsupportedReason(version)).toMatch(/DATABASE_URL/);
    }
  });
});
