import { describe, expect, it } from 'vitest';
import { decodeAnswer, encodeQuery, toDnsTarget } from './dns-checker.ts';

/** An answer to `query` with the given flags' response code and resource records appended. */
function answer(query: Buffer, rcode: number, records: Buffer[]): Buffer {
  const header = Buffer.from(query.subarray(0, 12));
  header.writeUInt16BE(0x8180 | rcode, 2);
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, query.subarray(12), ...records]);
}

function record(type: number, data: number[]): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // a compression pointer to the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4);
  head.writeUInt32BE(300, 6);
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, Buffer.from(data)]);
}

describe('the DNS wire format', () => {
  it('encodes a query: the id, recursion desired, one question of class IN', () => {
    const query = encodeQuery(0xbeef, 'nas.home.arpa.', 'AAAA');
    expect(query.readUInt16BE(0)).toBe(0xbeef);
    expect(query.readUInt16BE(2)).toBe(0x0100);
    expect(query.readUInt16BE(4)).toBe(1);
    expect([...query.subarray(12)]).toEqual([
      3,
      ...Buffer.from('nas'),
      4,
      ...Buffer.from('home'),
      4,
      ...Buffer.from('arpa'),
      0,
      0,
      28,
      0,
      1,
    ]);
  });

  it('reads the response code and the first address, skipping records of other types', () => {
    const query = encodeQuery(7, 'www.lan', 'A');
    const cname = record(5, [3, ...Buffer.from('nas'), 0xc0, 0x0c]);
    expect(decodeAnswer(answer(query, 0, [cname, record(1, [10, 0, 0, 7])]))).toEqual({
      id: 7,
      rcode: 'NOERROR',
      ip: '10.0.0.7',
    });
    expect(decodeAnswer(answer(query, 3, []))).toEqual({ id: 7, rcode: 'NXDOMAIN', ip: undefined });
    expect(decodeAnswer(answer(query, 2, []))?.rcode).toBe('SERVFAIL');
    expect(decodeAnswer(answer(query, 5, []))?.rcode).toBe('REFUSED');
    expect(decodeAnswer(answer(query, 12, []))?.rcode).toBe('RCODE12');
  });

  it('writes IPv6 addresses in their RFC 5952 form', () => {
    const query = encodeQuery(1, 'v6.lan', 'AAAA');
    const v6 = (bytes: number[]) => decodeAnswer(answer(query, 0, [record(28, bytes)]))?.ip;
    expect(v6([0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])).toBe('fd00::1');
    expect(v6([0x20, 0x01, 0x0d, 0xb8, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1])).toBe('2001:db8:1::1:0:1');
    expect(v6([0x20, 0x01, 0x0d, 0xb8, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6])).toBe('2001:db8:1:2:3:4:5:6');
  });

  it('ignores queries and short messages, and keeps the code of a truncated answer section', () => {
    const query = encodeQuery(9, 'a.lan', 'A');
    expect(decodeAnswer(query)).toBeNull(); // QR bit clear
    expect(decodeAnswer(Buffer.alloc(5))).toBeNull();
    const cut = answer(query, 0, [record(1, [1, 2, 3, 4])]).subarray(0, query.length + 6);
    expect(decodeAnswer(cut)).toEqual({ id: 9, rcode: 'NOERROR', ip: undefined });
  });

  it('takes resolvers by IP address only, port 53 unless given', () => {
    const query = { name: 'a.lan', type: 'A' as const };
    expect(toDnsTarget('dns://192.168.1.1', query)).toEqual({ server: '192.168.1.1', port: 53, ...query });
    expect(toDnsTarget('dns://[::1]:5353', query)).toEqual({ server: '::1', port: 5353, ...query });
    expect(toDnsTarget('dns://resolver.lan', query)).toBeNull();
    expect(toDnsTarget('dns://1.1.1.1', null)).toBeNull();
  });
});
