import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadUndici, loadUndiciAgent } from './undici.ts';

describe('loadUndiciAgent', () => {
  it("gives undici's own Agent class, whether or not the whole package was loaded first", () => {
    const fromEntry = (createRequire(import.meta.url)('undici') as typeof import('undici')).Agent;
    expect(loadUndiciAgent()).toBe(fromEntry);
    expect(loadUndiciAgent()).toBe(loadUndici().Agent);
  });
});
