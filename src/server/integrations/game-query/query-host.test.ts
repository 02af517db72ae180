import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import type { ResolveAll } from '../../http/guarded-lookup.ts';
import { metadataTargetPolicy } from '../../lib/address-policy.ts';
import { queryHostAddress, QueryHostRefusedError } from './query-host.ts';

const REFUSING = metadataTargetPolicy(() => false);
const ALLOWING = metadataTargetPolicy(() => true);

/** A resolver that knows a few names and records every name it was asked. */
function fakeResolver(names: Record<string, string[]>): { resolveAll: ResolveAll; asked: string[] } {
  const asked: string[] = [];
  const resolveAll: ResolveAll = (hostname, _options, callback) => {
    asked.push(hostname);
    const addresses = names[hostname];
    if (!addresses) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
      return;
    }
    callback(
      null,
      addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return { resolveAll, asked };
}

describe('queryHostAddress', () => {
  it.each(['2852039166', '0xa9fea9fe', '0251.0376.0251.0376', '169.254.43518', '::ffff:a9fe:a9fe', 'fd00:ec2::254'])(
    'refuses the literal %s without asking a resolver',
    async (host) => {
      const { resolveAll, asked } = fakeResolver({});
      const refusal = queryHostAddress(host, REFUSING, { resolveAll });
      await expect(refusal).rejects.toBeInstanceOf(QueryHostRefusedError);
      await expect(refusal).rejects.toThrow(/ is a cloud metadata address \(not allowed in Settings\)$/);
      expect(asked).toEqual([]);
    },
  );

  it('reads a literal as its canonical address, which is what gamedig is handed', async () => {
    const { resolveAll, asked } = fakeResolver({});
    expect(await queryHostAddress('0x7f000001', REFUSING, { resolveAll })).toBe('127.0.0.1');
    expect(await queryHostAddress('2852039166', ALLOWING, { resolveAll })).toBe('169.254.169.254');
    expect(asked).toEqual([]);
  });

  it('refuses a name when any of its addresses is a metadata address', async () => {
    const { resolveAll } = fakeResolver({ 'meta.test': ['127.0.0.1', '169.254.169.254'] });
    await expect(queryHostAddress('meta.test', REFUSING, { resolveAll })).rejects.toThrow(
      'meta.test resolves to a cloud metadata address (169.254.169.254, not allowed in Settings)',
    );
    expect(await queryHostAddress('meta.test', ALLOWING, { resolveAll })).toBe('127.0.0.1');
  });

  it('passes on the resolver error of a name that does not resolve', async () => {
    const { resolveAll } = fakeResolver({});
    await expect(queryHostAddress('nowhere.test', REFUSING, { resolveAll })).rejects.toThrow(
      'getaddrinfo ENOTFOUND nowhere.test',
    );
  });

  it('follows an SRV record (Minecraft) and checks its target like any host', async () => {
    const { resolveAll, asked } = fakeResolver({ 'mc.test': ['192.168.1.5'], 'box.test': ['169.254.169.254'] });
    const srvAsked: string[] = [];
    const resolveSrv = (name: string) => {
      srvAsked.push(name);
      return name === '_minecraft._tcp.play.test'
        ? Promise.resolve([{ name: 'box.test', port: 25565, priority: 0, weight: 0 }])
        : Promise.reject(Object.assign(new Error('queryNotFound'), { code: 'ENOTFOUND' }));
    };
    const options = { resolveAll, resolveSrv, srvPrefix: '_minecraft._tcp' };
    await expect(queryHostAddress('play.test', REFUSING, options)).rejects.toThrow(
      'box.test resolves to a cloud metadata address (169.254.169.254, not allowed in Settings)',
    );
    // No SRV record: the host itself.
    expect(await queryHostAddress('mc.test', REFUSING, options)).toBe('192.168.1.5');
    // A literal is never looked up, not even for an SRV record.
    expect(await queryHostAddress('192.168.1.9', REFUSING, options)).toBe('192.168.1.9');
    expect(srvAsked).toEqual(['_minecraft._tcp.play.test', '_minecraft._tcp.mc.test']);
    expect(asked).toEqual(['box.test', 'mc.test']);
  });
});
