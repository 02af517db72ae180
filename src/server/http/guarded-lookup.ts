import type { LookupAddress, LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from './ip-policy.ts';

/** A resolver asked for every address of a name (dns.lookup with `all: true`, or the monitor's cache). */
export type ResolveAll = (
  hostname: string,
  options: Pick<LookupAllOptions, 'family' | 'hints'> & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for net/tls connections that refuses the whole answer when any address is not allowed, so the address
 * that was checked is the one connected to (no second resolution a rebinding name could answer differently).
 * `refusal` builds the error the connection fails with.
 */
export function guardedLookup(
  resolveAll: ResolveAll,
  policy: AddressPolicy,
  refusal: (hostname: string, address: string) => Error,
): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const refused = addresses.find((entry) => !policy(entry.address));
      if (addresses.length === 0 || refused) {
        callback(refusal(hostname, refused?.address ?? ''), '', 0);
        return;
      }
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
    });
  };
}
