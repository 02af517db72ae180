import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isLoopbackAddress,
  isMetadataAddress,
  isMetadataUrl,
  literalAddress,
  metadataTargetPolicy,
  parseAddress,
  parseIPv4,
  publicAndLanOnly,
} from './address-policy.ts';

/** 169.254.169.254 in every spelling inet_aton reads (and WHATWG's trailing dot). */
const METADATA_V4_SPELLINGS = [
  '169.254.169.254',
  '2852039166', // one 32-bit decimal
  '0xa9fea9fe', // one 32-bit hex
  '0XA9FEA9FE',
  '0x00000000a9fea9fe', // zero-padded hex
  '0251.0376.0251.0376', // octal parts
  '00000251.0376.0251.0376',
  '0xa9.0xfe.0xa9.0xfe',
  '0xa9.254.0251.0xfe', // mixed bases
  '169.254.43518', // a.b.c, c 16 bits
  '169.16689662', // a.b, b 24 bits
  '0xa9.0xfea9fe',
  '169.254.169.254.', // trailing dot
  '2852039166.',
];

/** The address spelled as inet_aton reads it: `parts` numbers, each in `bases`. */
function spell(value: number, parts: 1 | 2 | 3 | 4, bases: readonly ('dec' | 'hex' | 'oct')[]): string {
  const bytes = [2 ** 24, 2 ** 16, 2 ** 8, 1].map((size) => Math.floor(value / size) % 256);
  const numbers = [...bytes.slice(0, parts - 1)];
  numbers.push(bytes.slice(parts - 1).reduce((acc, byte) => acc * 256 + byte, 0));
  return numbers
    .map((number, index) => {
      const base = bases[index % bases.length];
      if (base === 'hex') return `0x${number.toString(16)}`;
      if (base === 'oct') return `0${number.toString(8)}`;
      return number.toString(10);
    })
    .join('.');
}

describe('parseIPv4 (inet_aton, which getaddrinfo uses for numeric hosts)', () => {
  it.each(METADATA_V4_SPELLINGS)('reads %s as 169.254.169.254', (text) => {
    expect(parseIPv4(text)).toBe(2852039166);
    expect(literalAddress(text)).toBe('169.254.169.254');
  });

  it.each([
    ['4294967295', '255.255.255.255'],
    ['0', '0.0.0.0'],
    ['127.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['1.0x1', '1.0.0.1'],
    ['192.168.1', '192.168.0.1'],
  ])('reads %s as %s', (text, dotted) => {
    expect(literalAddress(text)).toBe(dotted);
  });

  it.each([
    '',
    '.',
    '1.2.3.4.5', // five parts
    '256.1.1.1', // a part over 255
    '1.2.3.256',
    '1.2.65536', // the last part over its 16 bits
    '1.16777216',
    '4294967296', // over 32 bits
    '0x1ffffffff',
    '0x', // a prefix without digits
    '1.0x',
    '08', // not octal
    '099',
    '1..2',
    '.1.2.3',
    '1.2.3.4..', // two trailing dots
    '+1',
    '-1',
    ' 1',
    '1.2.3.4 ',
    '0x1g',
    'a.b.c.d',
    'example.com',
    '1e3',
    '１２７.0.0.1', // full-width digits
  ])('refuses %j', (text) => {
    expect(parseIPv4(text)).toBeNull();
    expect(literalAddress(text)).toBeNull();
  });

  it('reads any 32-bit address the same in every spelling as in its dotted form', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 0xffffffff }),
        fc.constantFrom(1, 2, 3, 4),
        fc.array(fc.constantFrom('dec', 'hex', 'oct'), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (value, parts, bases, trailingDot) => {
          const dotted = spell(value, 4, ['dec']);
          const text = `${spell(value, parts, bases)}${trailingDot ? '.' : ''}`;
          expect(parseIPv4(text)).toBe(value);
          expect(parseIPv4(dotted)).toBe(value);
          expect(literalAddress(text)).toBe(dotted);
          expect(isMetadataAddress(text)).toBe(isMetadataAddress(dotted));
          expect(publicAndLanOnly(text)).toBe(publicAndLanOnly(dotted));
        },
      ),
    );
  });
});

describe('parseAddress', () => {
  it.each([
    ['::ffff:169.254.169.254', '::ffff:a9fe:a9fe'],
    ['[::ffff:169.254.169.254]', '::ffff:a9fe:a9fe'],
    ['0:0:0:0:0:FFFF:A9FE:A9FE', '::ffff:a9fe:a9fe'],
    ['64:ff9b::a9fe:a9fe', '64:ff9b::a9fe:a9fe'],
    ['FD00:0EC2:0000:0000:0000:0000:0000:0254', 'fd00:ec2::254'],
    ['fe80::1%eth0', 'fe80::1'],
    ['1:0:0:1:0:0:0:1', '1:0:0:1::1'],
    ['1:0:0:2:0:0:3:4', '1::2:0:0:3:4'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['::', '::'],
  ])('reads %s as %s', (text, canonical) => {
    expect(parseAddress(text)).toMatchObject({ family: 6, text: canonical });
  });

  it('writes IPv6 as WHATWG URL parsing does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.nat({ max: 0xffff })), { minLength: 8, maxLength: 8 }),
        (groups) => {
          const text = groups.map((group) => group.toString(16)).join(':');
          expect(literalAddress(text)).toBe(new URL(`http://[${text}]/`).hostname.slice(1, -1));
        },
      ),
    );
  });

  it.each(['::ffff:169.254.43518', '1:2:3:4:5:6:7:8:9', 'fd00::ec2::254', '[::1', 'localhost', 'meta.test'])(
    'refuses %s',
    (text) => {
      expect(parseAddress(text)).toBeNull();
    },
  );
});

describe('the classifications, in every spelling', () => {
  const metadata = [
    ...METADATA_V4_SPELLINGS,
    '169.254.170.2',
    '169.254.170.23',
    '100.100.100.200',
    '1684301000', // 100.100.100.200
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '[::ffff:a9fe:a9fe]',
    '::a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::169.254.169.254',
    'fd00:ec2::254',
    '[fd00:ec2::254]',
    'fd00:ec2::23',
  ];

  it.each(metadata)('%s is a metadata address, refused by both policies', (address) => {
    expect(isMetadataAddress(address)).toBe(true);
    expect(publicAndLanOnly(address)).toBe(false);
    expect(metadataTargetPolicy(() => false).allows(address)).toBe(false);
    expect(metadataTargetPolicy(() => true).allows(address)).toBe(true);
  });

  it.each(['127.0.0.1', '2130706433', '0x7f000001', '0177.0.0.1', '127.1', '::1', '[::1]', '::ffff:7f00:1'])(
    '%s is loopback: refused for person-typed URLs, allowed for checks',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(true);
      expect(isMetadataAddress(address)).toBe(false);
      expect(publicAndLanOnly(address)).toBe(false);
      expect(metadataTargetPolicy(() => false).allows(address)).toBe(true);
    },
  );

  it.each(['192.168.1.10', '3232235786', '0xc0a8010a', '10.0.0.5', '169.254.1.5', '2606:4700::1111', 'fd12::1'])(
    '%s is neither metadata nor loopback',
    (address) => {
      expect(isMetadataAddress(address)).toBe(false);
      expect(isLoopbackAddress(address)).toBe(false);
      expect(metadataTargetPolicy(() => false).allows(address)).toBe(true);
    },
  );

  it.each(['0.0.0.0', '0', '::', '224.0.0.1', '255.255.255.255', 'fe80::1', 'ff02::1', '64:ff9b::7f00:1'])(
    'the person-typed policy refuses %s',
    (address) => {
      expect(publicAndLanOnly(address)).toBe(false);
    },
  );

  it('leaves names to resolution: not metadata, not loopback, refused by the person-typed policy', () => {
    for (const name of ['metadata.google.internal', 'localhost', 'meta.test', '169.254.169.254..']) {
      expect(isMetadataAddress(name)).toBe(false);
      expect(isLoopbackAddress(name)).toBe(false);
      expect(publicAndLanOnly(name)).toBe(false);
    }
  });
});

describe('isMetadataUrl', () => {
  it.each(['tcp', 'tls', 'dns', 'http', 'https'])('reads every spelling in %s:// URLs', (scheme) => {
    for (const host of [...METADATA_V4_SPELLINGS, '1684301000', '[::ffff:a9fe:a9fe]', '[64:ff9b::a9fe:a9fe]']) {
      expect(isMetadataUrl(`${scheme}://${host}:80`), host).toBe(true);
    }
    expect(isMetadataUrl(`${scheme}://192.168.1.1:80`)).toBe(false);
    expect(isMetadataUrl(`${scheme}://metadata.google.internal:80`)).toBe(false);
  });

  it('is false for push:// and for text that is no URL', () => {
    expect(isMetadataUrl('push://job')).toBe(false);
    expect(isMetadataUrl('not a url')).toBe(false);
  });
});

describe('metadataTargetPolicy', () => {
  it('names the address, and the host when it was resolved', () => {
    const policy = metadataTargetPolicy(() => false);
    expect(policy.refusal('169.254.169.254', '169.254.169.254')).toBe(
      '169.254.169.254 is a cloud metadata address (not allowed in Settings)',
    );
    expect(policy.refusal('meta.test', '169.254.169.254')).toBe(
      'meta.test resolves to a cloud metadata address (169.254.169.254, not allowed in Settings)',
    );
  });
});
