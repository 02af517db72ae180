import { describe, expect, it } from 'vitest';
import { isMetadataAddress, publicAndLanOnly } from './ip-policy.ts';

describe('publicAndLanOnly', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '0.0.0.0',
    '169.254.169.254',
    '100.100.100.200',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::7f00:1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    'fd00:ec2::254',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(publicAndLanOnly(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '192.168.1.10',
    '10.0.0.5',
    '172.16.3.4',
    '2606:4700::1111',
    '::ffff:93.184.216.34',
    'fd12:3456::1',
  ])('allows %s', (address) => {
    expect(publicAndLanOnly(address)).toBe(true);
  });
});

describe('isMetadataAddress', () => {
  it.each([
    '169.254.169.254',
    '169.254.170.2',
    '100.100.100.200',
    'fd00:ec2::254',
    'FD00:0EC2:0000:0000:0000:0000:0000:0254',
    'fd00:ec2::23',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:6464:64c8',
    '::a9fe:a9fe',
    '64:ff9b::169.254.169.254',
  ])('finds %s', (address) => {
    expect(isMetadataAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '::1',
    '192.168.1.10',
    '10.0.0.5',
    '169.254.1.5',
    '169.254.169.253',
    '100.100.100.201',
    'fd00:ec3::254',
    'fd12:3456::1',
    '::ffff:192.168.1.10',
    'metadata.google.internal',
    '',
  ])('leaves %s alone', (address) => {
    expect(isMetadataAddress(address)).toBe(false);
  });

  it('is part of what the person-typed policy refuses', () => {
    for (const address of ['169.254.169.254', '100.100.100.200', 'fd00:ec2::254', '::ffff:6464:64c8']) {
      expect(publicAndLanOnly(address)).toBe(false);
    }
  });
});
