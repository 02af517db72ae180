import dns from 'node:dns';
import type { SrvRecord } from 'node:dns';
import { guardedLookup, type ResolveAll } from '../../http/guarded-lookup.ts';
import { literalAddress, type TargetPolicy } from '../../lib/address-policy.ts';

/** How a query host is resolved (tests pass fakes; default: the system's getaddrinfo and DNS SRV lookups). */
export interface HostResolvers {
  resolveAll?: ResolveAll;
  resolveSrv?: (name: string) => Promise<SrvRecord[]>;
}

/** A query host whose address the target policy refused; its message is the reason the server shows offline. */
export class QueryHostRefusedError extends Error {
  override name = 'QueryHostRefusedError';
}

const systemResolveAll: ResolveAll = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * gamedig's protocols that look up an SRV record before the host itself (protocols/minecraft.js); gamedig skips
 * that once it is handed an address, so it is done here, with the record's target checked like any host.
 */
export const SRV_PREFIXES: Readonly<Record<string, string>> = { minecraft: '_minecraft._tcp' };

/** The target of the first SRV record of `prefix.host`, else the host itself (as gamedig does; the port is ours). */
async function srvTarget(host: string, prefix: string, resolveSrv: HostResolvers['resolveSrv']): Promise<string> {
  try {
    const [record] = await (resolveSrv ?? dns.promises.resolveSrv)(`${prefix}.${host}`);
    return record?.name || host;
  } catch {
    return host;
  }
}

function checkedAddress(host: string, policy: TargetPolicy, resolveAll: ResolveAll): Promise<string> {
  const literal = literalAddress(host);
  if (literal !== null) {
    return policy.allows(literal)
      ? Promise.resolve(literal)
      : Promise.reject(new QueryHostRefusedError(policy.refusal(literal, literal)));
  }
  const lookup = guardedLookup(
    resolveAll,
    (address) => policy.allows(address),
    (hostname, address) => new QueryHostRefusedError(policy.refusal(hostname, address)),
  );
  return new Promise((resolve, reject) => {
    lookup(host, {}, (error, address) => (error ? reject(error) : resolve(address as string)));
  });
}

/**
 * The IP address a query of `host` goes to, checked by the target policy: an IP literal in any spelling
 * (`2852039166`, `0xa9fea9fe`, `::ffff:a9fe:a9fe`) is read as its address, a name is resolved once and refused
 * when any of its addresses is. gamedig is then handed this address, so it never resolves the name itself and the
 * address checked is the one queried. Rejects with QueryHostRefusedError or the resolver's error.
 */
export async function queryHostAddress(
  host: string,
  policy: TargetPolicy,
  options: HostResolvers & { srvPrefix?: string | undefined } = {},
): Promise<string> {
  const { srvPrefix } = options;
  const target =
    srvPrefix !== undefined && literalAddress(host) === null
      ? await srvTarget(host, srvPrefix, options.resolveSrv)
      : host;
  return checkedAddress(target, policy, options.resolveAll ?? systemResolveAll);
}
