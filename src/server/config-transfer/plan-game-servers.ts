import { capReached, GAME_MSG, SERVICE_MSG } from '#shared/messages';
import { CONFIG_MSG, type ConfigGameServerEntry, type ConfigSectionDiffWire } from '#shared/schemas/config-transfer';
import { isMetadataAddress } from '../lib/address-policy.ts';
import type { GameServer } from '../repositories/game-servers.repository.ts';
import { gameServerFields, type Scalar } from './config-state.ts';
import { changedValues, emptyDiff, fieldChanges, type Problems } from './plan-helpers.ts';

/** A query server the import adds, with every field it needs. */
export type NewQueryServer = ConfigGameServerEntry & { name: string; type: string; host: string; port: number };

export interface GameServersPlan {
  diff: ConfigSectionDiffWire;
  updates: { id: number; changes: Record<string, Scalar> }[];
  inserts: NewQueryServer[];
}

export interface GameServersPlanInput {
  rows: GameServer[];
  entries: ConfigGameServerEntry[] | undefined;
  isQueryType: (type: string) => Promise<boolean>;
  maxQueryServers: number;
  /** The file's `allow_metadata_targets`, else the stored one (as for services). */
  allowMetadataTargets: boolean;
}

function isComplete(entry: ConfigGameServerEntry): entry is NewQueryServer {
  return entry.name !== undefined && entry.type !== undefined && entry.host !== undefined && entry.port !== undefined;
}

/**
 * The game servers section, keyed by instance id: the admins' fields of known servers; query servers the file
 * adds are created with their instance id. AMP servers come from AMP, so one AMP has not reported is skipped
 * (reported in the diff), never invented. Servers left out of the file are left as they are.
 */
export async function planGameServers(input: GameServersPlanInput, problems: Problems): Promise<GameServersPlan> {
  const diff = emptyDiff('gameServers');
  const plan: GameServersPlan = { diff, updates: [], inserts: [] };
  if (!input.entries) return plan;
  const byInstance = new Map(input.rows.map((row) => [row.instanceId, row]));
  const seen = new Set<string>();
  for (const [index, entry] of input.entries.entries()) {
    const path = `gameServers[${index}]`;
    const key = `${entry.provider}/${entry.instanceId}`;
    if (seen.has(entry.instanceId)) problems.add(`${path}.instanceId`, CONFIG_MSG.duplicateKey);
    seen.add(entry.instanceId);
    const row = byInstance.get(entry.instanceId);
    const { provider, instanceId: _instanceId, ...fields } = entry;
    if (row && row.provider !== provider) {
      problems.add(`${path}.instanceId`, CONFIG_MSG.otherProvider(row.provider));
      continue;
    }
    if (provider === 'amp' && [fields.name, fields.type, fields.host, fields.port].some((v) => v !== undefined)) {
      problems.add(path, GAME_MSG.onlyQueryHasAddress);
      continue;
    }
    const typeChanged = fields.type !== undefined && fields.type !== row?.type;
    if (typeChanged && fields.type !== undefined && !(await input.isQueryType(fields.type))) {
      problems.add(`${path}.type`, GAME_MSG.unknownType);
    }
    // The API's rule for query hosts: a cloud metadata address in any spelling needs allow_metadata_targets.
    const hostChanged = fields.host !== undefined && fields.host !== row?.host;
    if (hostChanged && fields.host !== undefined && isMetadataAddress(fields.host) && !input.allowMetadataTargets) {
      problems.add(`${path}.host`, SERVICE_MSG.metadataTarget);
    }
    if (!row) {
      if (provider === 'amp') {
        diff.skipped.push({ key, reason: CONFIG_MSG.unknownAmpInstance });
      } else if (!entry.instanceId.startsWith('query-')) {
        problems.add(`${path}.instanceId`, CONFIG_MSG.queryInstanceId);
      } else if (!isComplete(entry)) {
        problems.add(path, CONFIG_MSG.newQueryServer);
      } else {
        plan.inserts.push(entry);
        diff.added.push(key);
      }
      continue;
    }
    const changes = fieldChanges(gameServerFields(row), fields);
    if (changes.length === 0) continue;
    diff.changed.push({ key, fields: changes });
    plan.updates.push({ id: row.id, changes: changedValues(changes, fields) });
  }
  const queryCount = input.rows.filter((row) => row.provider === 'query').length + plan.inserts.length;
  if (plan.inserts.length > 0 && queryCount > input.maxQueryServers) {
    problems.add('gameServers', capReached('query-only game servers', input.maxQueryServers, 'MAX_QUERY_GAME_SERVERS'));
  }
  return plan;
}
