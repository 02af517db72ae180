import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { keyHasScope } from './access.ts';
import { bearerCredential } from './bearer-key.ts';

const withAuthorization = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as FastifyRequest;

describe('bearerCredential', () => {
  it('reads the key of a Bearer header, whatever the case of the scheme', () => {
    for (const header of ['Bearer hlk_abc-_123', 'bearer hlk_abc-_123', 'BEARER   hlk_abc-_123']) {
      expect(bearerCredential(withAuthorization(header)), header).toEqual({ kind: 'key', key: 'hlk_abc-_123' });
    }
  });

  it('sees no key without the header, or under another scheme (a proxy passing Basic along)', () => {
    expect(bearerCredential(withAuthorization())).toEqual({ kind: 'none' });
    expect(bearerCredential(withAuthorization('Basic cHJveHk6c2VjcmV0'))).toEqual({ kind: 'none' });
    expect(bearerCredential(withAuthorization('Digest username="x"'))).toEqual({ kind: 'none' });
  });

  it('calls anything else malformed: an empty credential, two words, characters outside token68, no scheme', () => {
    for (const header of ['Bearer', 'Bearer ', 'Bearer a b', 'Bearer hlk_é', 'Bearer "hlk_x"', '', ' Bearer x', ':']) {
      expect(bearerCredential(withAuthorization(header)), JSON.stringify(header)).toEqual({ kind: 'malformed' });
    }
  });
});

describe('keyHasScope', () => {
  it('admits the scope a route names, admin for read too, and nothing else', () => {
    expect(keyHasScope(['read'], 'read')).toBe(true);
    expect(keyHasScope(['admin'], 'read')).toBe(true);
    expect(keyHasScope(['admin'], 'metrics')).toBe(false);
    expect(keyHasScope(['metrics'], 'read')).toBe(false);
    expect(keyHasScope(['read'], 'admin')).toBe(false);
    expect(keyHasScope(['read', 'metrics'], 'metrics')).toBe(true);
  });
});
