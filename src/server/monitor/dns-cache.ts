import dns from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

interface Entry {
  expiresAt: number;
  addresses: LookupAddress[] | null;
  error: NodeJS.ErrnoException | null;
}

/** How long answers are reused: getaddrinfo reports no TTL, so a short fixed one stands in for it. */
export interface DnsCacheOptions {
  ttlMs?: number;
  /** Failures (NXDOMAIN, SERVFAIL) are remembered briefly, so a dead name is not asked for on every check. */
  negativeTtlMs?: number;
  now?: () => number;
  /** The resolver asked on a miss (tests pass a fake; default: the system's getaddrinfo). */
  resolve?: typeof dns.lookup;
}

/** The `lookup` signature net.connect and tls.connect accept. */
export type CachedLookup = (
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: LookupCallback,
) => void;

/**
 * A `lookup` for net/tls connections that caches answers of the system resolver (so /etc/hosts and mDNS names
 * of a homelab keep working) and coalesces concurrent lookups of one name into one getaddrinfo call, which
 * keeps the libuv thread pool free when many checks reconnect at once.
 */
export function createCachedLookup(options: DnsCacheOptions = {}): CachedLookup {
  const ttlMs = options.ttlMs ?? 60_000;
  const negativeTtlMs = options.negativeTtlMs ?? 5_000;
  const now = options.now ?? (() => performance.now());
  const resolve = options.resolve ?? dns.lookup;
  const cache = new Map<string, Entry>();
  const waiting = new Map<string, ((entry: Entry) => void)[]>();

  const answer = (entry: Entry, all: boolean, callback: LookupCallback) => {
    if (entry.error || !entry.addresses || entry.addresses.length === 0) {
      callback(entry.error ?? Object.assign(new Error('no addresses'), { code: 'ENOTFOUND' }), '', 0);
    } else if (all) {
      callback(null, entry.addresses);
    } else {
      const first = entry.addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    }
  };

  return function cachedLookup(
    hostname: string,
    lookupOptions: LookupOneOptions | LookupAllOptions,
    callback: LookupCallback,
  ): void {
    const family = lookupOptions.family ?? 0;
    const key = `${family}|${hostname}`;
    const all = lookupOptions.all === true;
    const cached = cache.get(key);
    const time = now();
    if (cached && cached.expiresAt > time) {
      answer(cached, all, callback);
      return;
    }
    const queue = waiting.get(key);
    if (queue) {
      queue.push((entry) => answer(entry, all, callback));
      return;
    }
    waiting.set(key, [(entry) => answer(entry, all, callback)]);
    resolve(hostname, { family, hints: lookupOptions.hints ?? 0, all: true }, (error, addresses) => {
      const entry: Entry = error
        ? { error, addresses: null, expiresAt: now() + negativeTtlMs }
        : { error: null, addresses, expiresAt: now() + ttlMs };
      // Bound the map by dropping stale names when it grows (renamed or deleted services).
      if (cache.size > 10_000) for (const [name, old] of cache) if (old.expiresAt <= now()) cache.delete(name);
      cache.set(key, entry);
      const callbacks = waiting.get(key) ?? [];
      waiting.delete(key);
      for (const each of callbacks) each(entry);
    });
  };
}
