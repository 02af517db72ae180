import { describe, expect, it } from 'vitest';
import { checkDiffFields, exportedCheck, importedCheck, isCredentialHeader } from './check-fields.ts';

describe('credential headers of checks', () => {
  it('are told by name, whatever the case', () => {
    for (const name of [
      'Authorization',
      'proxy-authorization',
      'Cookie',
      'X-Api-Key',
      'X-Auth-Token',
      'PRIVATE-TOKEN',
    ]) {
      expect(isCredentialHeader(name), name).toBe(true);
    }
    for (const name of ['Accept', 'Content-Type', 'User-Agent', 'Keep-Alive', 'X-Request-Id', 'If-None-Match']) {
      expect(isCredentialHeader(name), name).toBe(false);
    }
  });

  it('are left out of the export, and the headers with them when none other is left', () => {
    expect(exportedCheck({ method: 'GET', headers: { Accept: 'text/plain', 'X-Api-Key': 'k' } })).toEqual({
      method: 'GET',
      headers: { Accept: 'text/plain' },
    });
    expect(exportedCheck({ method: 'GET', headers: { Cookie: 'c' } })).toEqual({ method: 'GET' });
    expect(exportedCheck(null)).toBeNull();
  });

  it('are kept from the stored check when the file names none of them, for HTTP checks only', () => {
    const stored = { headers: { Authorization: 'Bearer s', Accept: 'a' } };
    expect(importedCheck('https://a.test', stored, { method: 'HEAD' })).toEqual({
      method: 'HEAD',
      headers: { Authorization: 'Bearer s' },
    });
    // Named in the file (any case): the file's value.
    expect(importedCheck('https://a.test', stored, { headers: { authorization: 'Bearer f' } })).toEqual({
      headers: { authorization: 'Bearer f' },
    });
    expect(importedCheck('tcp://a.test:1', stored, {})).toEqual({});
    expect(importedCheck('https://a.test', stored, null)).toBeNull();
  });

  it('flatten for the diff, one field per setting and header', () => {
    expect(
      checkDiffFields({ conditions: ['[STATUS] == 200', '[BODY] == ok'], query: { name: 'a.test', type: 'A' } }),
    ).toEqual({ check: 'custom', 'check.conditions': '[STATUS] == 200 && [BODY] == ok', 'check.query': 'a.test A' });
    expect(checkDiffFields({ headers: { Accept: 'a' }, insecure: true })).toEqual({
      check: 'custom',
      'check.insecure': true,
      'check.headers.Accept': 'a',
    });
    expect(checkDiffFields(null)).toEqual({ check: 'default' });
  });
});
