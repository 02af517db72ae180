import { CONFIG_MSG, type ConfigServiceEntry } from '#shared/schemas/config-transfer';
import type { GameServer } from '../repositories/game-servers.repository.ts';
import type { Service } from '../repositories/services.repository.ts';
import { matchByName, type Problems } from './plan-helpers.ts';

/** A service a status page or window names: one already there, or the one the file's n-th entry adds. */
export type ServiceTarget = { existingId: number } | { newIndex: number };

/**
 * What each service key (`Plex`, `Grafana (2)`) names once the import is applied: the file's services (new or
 * matched) and, unless the import removes them, the services the file leaves out. Keys are those of the
 * export, so status pages and windows never hold database ids.
 */
export class ServiceRefs {
  readonly #targets = new Map<string, ServiceTarget | null>();

  constructor(rows: readonly Service[], entries: readonly ConfigServiceEntry[] | undefined, removeMissing: boolean) {
    const { pairs, unmatched } = matchByName(rows, entries ?? []);
    for (const { key, row, index } of pairs) this.#put(key, row ? { existingId: row.id } : { newIndex: index });
    if (!entries || !removeMissing) for (const { key, row } of unmatched) this.#put(key, { existingId: row.id });
  }

  // A service literally named `Grafana (2)` beside two named Grafana: the key names two, so it names none.
  #put(key: string, target: ServiceTarget): void {
    this.#targets.set(key, this.#targets.has(key) ? null : target);
  }

  /** The targets of `keys` (repeats once), or problems at `path[i]` for keys that name no service or two. */
  resolve(keys: readonly string[], path: string, problems: Problems): ServiceTarget[] {
    const seen = new Set<string>();
    const targets: ServiceTarget[] = [];
    for (const [index, key] of keys.entries()) {
      const target = this.#targets.get(key);
      if (target === undefined) problems.add(`${path}[${index}]`, CONFIG_MSG.unknownService);
      else if (target === null) problems.add(`${path}[${index}]`, CONFIG_MSG.ambiguousService);
      else if (!seen.has(key)) targets.push(target);
      seen.add(key);
    }
    return targets;
  }
}

/**
 * Game servers by `provider/instanceId`: those there and the query servers the file adds. An AMP instance AMP
 * has not reported is left out (and reported as skipped), as the game servers section does.
 */
export class GameServerRefs {
  readonly #byInstance: Map<string, GameServer>;

  constructor(
    rows: readonly GameServer[],
    private readonly added: ReadonlySet<string>,
  ) {
    this.#byInstance = new Map(rows.map((row) => [row.instanceId, row]));
  }

  /** The instance ids of `keys` that can be shown, with the AMP keys skipped for now. */
  resolve(keys: readonly string[], path: string, problems: Problems): { instanceIds: string[]; skipped: string[] } {
    const instanceIds: string[] = [];
    const skipped: string[] = [];
    for (const [index, key] of keys.entries()) {
      const slash = key.indexOf('/');
      const provider = key.slice(0, slash);
      const instanceId = key.slice(slash + 1);
      if (slash < 1 || instanceId === '' || (provider !== 'amp' && provider !== 'query')) {
        problems.add(`${path}[${index}]`, CONFIG_MSG.gameServerRef);
        continue;
      }
      const row = this.#byInstance.get(instanceId);
      const known = row ? row.provider === provider : provider === 'query' && this.added.has(instanceId);
      if (known) {
        if (!instanceIds.includes(instanceId)) instanceIds.push(instanceId);
      } else if (!row && provider === 'amp') skipped.push(key);
      else problems.add(`${path}[${index}]`, CONFIG_MSG.unknownGameServer);
    }
    return { instanceIds, skipped };
  }
}
