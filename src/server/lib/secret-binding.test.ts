import { describe, expect, it } from 'vitest';
import { addressChanged, addressKey, secretsToReenter, type SecretBinding } from './secret-binding.ts';

type Field = 'url' | 'user' | 'password';
const binding: SecretBinding<Field> = { addressFields: ['url'], secretFields: ['password'] };
const stored = { url: 'http://amp.lan:8080/', user: 'admin', password: 'hunter2' };

describe('addressKey', () => {
  it('compares URLs by origin and other text without case or surrounding space', () => {
    expect(addressKey('http://AMP.lan:8080/panel/')).toBe('http://amp.lan:8080');
    expect(addressKey('https://amp.lan')).not.toBe(addressKey('http://amp.lan'));
    expect(addressKey(' Mail.Example.org ')).toBe('mail.example.org');
    expect(addressKey('')).toBeNull();
    expect(addressKey(null)).toBeNull();
  });
});

describe('secretsToReenter', () => {
  it('asks for nothing while the address stays (a path on the same server included)', () => {
    const next = { ...stored, url: 'http://amp.lan:8080/panel/', user: 'other' };
    expect(addressChanged(binding, stored, next)).toBe(false);
    expect(secretsToReenter(binding, stored, next, { url: next.url, user: 'other' })).toEqual([]);
  });

  it('asks for a stored secret again when the address changes without it', () => {
    const next = { ...stored, url: 'http://attacker.example' };
    expect(secretsToReenter(binding, stored, next, { url: next.url })).toEqual(['password']);
    // An empty field in the form means "keep the stored one": still the stored secret, still refused.
    expect(secretsToReenter(binding, stored, next, { url: next.url, password: '' })).toEqual(['password']);
  });

  it('accepts a new address with the secret entered again, or removed', () => {
    const entered = { ...stored, url: 'http://new.lan', password: 'fresh' };
    expect(secretsToReenter(binding, stored, entered, { url: entered.url, password: 'fresh' })).toEqual([]);
    const removed = { ...stored, url: 'http://new.lan', password: null };
    expect(secretsToReenter(binding, stored, removed, { url: removed.url, password: null })).toEqual([]);
  });

  it('asks for nothing when the change leaves no address (the secret goes nowhere), but asks when one comes back', () => {
    const cleared = { ...stored, url: null };
    expect(secretsToReenter(binding, stored, cleared, { url: null })).toEqual([]);
    const back = { ...cleared, url: 'http://attacker.example' };
    expect(secretsToReenter(binding, cleared, back, { url: back.url })).toEqual(['password']);
  });

  it('asks for nothing when no secret is stored', () => {
    const none = { ...stored, password: null };
    const next = { ...none, url: 'http://new.lan' };
    expect(secretsToReenter(binding, none, next, { url: next.url })).toEqual([]);
  });

  it('treats any of several address fields as the address', () => {
    type Smtp = 'host' | 'port' | 'password';
    const smtp: SecretBinding<Smtp> = { addressFields: ['host', 'port'], secretFields: ['password'] };
    const current = { host: 'mail.lan', port: '587', password: 'p' };
    expect(secretsToReenter(smtp, current, { ...current, port: '2525' }, { port: '2525' })).toEqual(['password']);
    expect(secretsToReenter(smtp, current, { ...current, host: 'MAIL.lan' }, { host: 'MAIL.lan' })).toEqual([]);
  });
});
