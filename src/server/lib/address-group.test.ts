import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './address-group.ts';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('groups IPv6 addresses by /64, whatever their spelling', () => {
    const key = clientAddressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientAddressKey('2001:db8:1:2:a:b:c:d%eth0')).toBe(key);
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('::FFFF:c633:6407')).toBe('198.51.100.7');
  });

  it('keeps anything else as its own key', () => {
    expect(clientAddressKey('unix-socket')).toBe('unix-socket');
    expect(clientAddressKey('')).toBe('');
  });
});
