import { describe, expect, it } from 'vitest';
import { isApiPath } from './api-path.ts';

describe('isApiPath', () => {
  it.each([
    '/api/users',
    '/API/users',
    '/%61pi/users',
    '/%2561pi/users',
    '//api/users',
    '/./api/users',
    '/x/../api/users',
    '/api;x/users',
    '/api%2fusers',
    '/api\\users',
    '/ api/users',
    '/api',
    '/metrics/',
    '/METRICS',
    '/%6detrics',
    '/metrics.',
    '/metrics%00',
  ])('%s is an API path', (path) => {
    expect(isApiPath(path)).toBe(true);
  });

  it.each(['/', '/users', '/settings?tab=api', '/auth#api', '/apis', '/metricsx', '/assets/index-1.js', '/%E0%A4%A'])(
    '%s is not',
    (path) => {
      expect(isApiPath(path)).toBe(false);
    },
  );
});
