import { describe, expect, it } from 'vitest';
import { withoutRuntimeHint } from './http-checker.ts';

describe('withoutRuntimeHint', () => {
  it("drops Node 24's advice from certificate errors, so a failure reads the same on every Node version", () => {
    expect(
      withoutRuntimeHint(
        'self-signed certificate; if the root CA is installed locally, try running Node.js with --use-system-ca',
      ),
    ).toBe('self-signed certificate');
    expect(withoutRuntimeHint('self-signed certificate')).toBe('self-signed certificate');
    expect(withoutRuntimeHint('connect ECONNREFUSED 127.0.0.1:9')).toBe('connect ECONNREFUSED 127.0.0.1:9');
  });
});
