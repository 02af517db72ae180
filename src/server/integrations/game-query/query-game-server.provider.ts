import { GAME_MSG } from '#shared/messages';
import type { GameServerAction, GameServerProvider, GameServerState } from '../../game-servers/game-server-provider.ts';
import { metadataTargetPolicy } from '../../lib/address-policy.ts';
import { systemClock, type Clock } from '../../services/clock.ts';
import { IntegrationError } from '../http/json-client.ts';
import { DEFAULT_QUERY_TIMEOUTS, queryGameServer, type QueryAnswer, type QueryFunction } from './game-query.client.ts';
import { mapLimited } from './map-limited.ts';
import { pauseAfter } from './query-schedule.ts';

/** A configured query-only server (a row of game_servers with provider 'query'). */
export interface QueryTarget {
  instanceId: string;
  name: string;
  /** A gamedig game id. */
  type: string;
  host: string;
  port: number;
}

export interface QueryProviderOptions {
  targets: () => Promise<QueryTarget[]>;
  /** Default: gamedig through queryGameServer. Tests wrap it to count queries. */
  query?: QueryFunction;
  /**
   * The administrators' `allow_metadata_targets`, read at each poll: the default query refuses hosts at cloud
   * metadata addresses (in any spelling, or resolving to one) unless it is on. Default: never allowed.
   */
  allowMetadataTargets?: () => Promise<boolean>;
  clock?: Clock;
  /** Queries running at once in one list(). */
  concurrency?: number;
}

const SYSTEM = 'Game query';
const DEFAULT_CONCURRENCY = 8;

/** What we remember of one target between polls. */
interface TargetMemory {
  /** type|host|port: an edit of the address starts the schedule afresh. */
  address: string;
  answer: QueryAnswer;
  consecutiveFailures: number;
  /** Epoch ms before which the target is not asked again. */
  notBefore: number;
  /** The query in progress, shared by concurrent list() calls. */
  pending: Promise<QueryAnswer> | null;
}

function addressKey(target: QueryTarget): string {
  return `${target.type}|${target.host}|${target.port}`;
}

function toState(target: QueryTarget, answer: QueryAnswer): GameServerState {
  return {
    instanceId: target.instanceId,
    name: target.name,
    displayName: target.name,
    type: target.type,
    online: answer.online,
    playerCount: answer.online ? answer.playerCount : 0,
    maxPlayers: answer.online ? answer.maxPlayers : 0,
    cpuUsage: 0,
    memoryUsage: 0,
    maxMemory: 0,
    port: target.port,
  };
}

/**
 * Game servers watched by query only (gamedig): an answer means online with its player counts, no answer means
 * offline. They cannot be started or stopped. Each target is asked at most once per 10 s, less often after failures
 * (query-schedule.ts); in between, list() reports what the last query found.
 */
export class QueryGameServerProvider implements GameServerProvider {
  readonly id = 'query' as const;
  /** Admins add these servers; a poll only updates them. */
  readonly discovers = false;
  readonly canControl = false;
  private readonly targets: () => Promise<QueryTarget[]>;
  private readonly query: QueryFunction;
  private readonly clock: Clock;
  private readonly concurrency: number;
  private readonly memory = new Map<string, TargetMemory>();
  private readonly allowMetadataTargets: () => Promise<boolean>;
  /** `allow_metadata_targets` as read at the start of the current poll. */
  private allowMetadata = false;

  constructor(options: QueryProviderOptions) {
    this.targets = options.targets;
    this.allowMetadataTargets = options.allowMetadataTargets ?? (() => Promise.resolve(false));
    const policy = metadataTargetPolicy(() => this.allowMetadata);
    this.query = options.query ?? ((address) => queryGameServer(address, DEFAULT_QUERY_TIMEOUTS, { policy }));
    this.clock = options.clock ?? systemClock;
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  }

  async list(): Promise<GameServerState[]> {
    const [targets, allowMetadata] = await Promise.all([this.targets(), this.allowMetadataTargets()]);
    this.allowMetadata = allowMetadata;
    const current = new Set(targets.map((target) => target.instanceId));
    // Forget removed servers, so a deleted and re-added one is asked at once.
    for (const instanceId of this.memory.keys()) if (!current.has(instanceId)) this.memory.delete(instanceId);
    return mapLimited(targets, this.concurrency, async (target) => toState(target, await this.answerFor(target)));
  }

  /** Query-only servers cannot be started, stopped or restarted: every action is refused. */
  act(_server: Pick<GameServerState, 'instanceId' | 'name'>, _action: GameServerAction): Promise<void> {
    return Promise.reject(new IntegrationError(SYSTEM, 'refused', GAME_MSG.queryOnly));
  }

  /** The last answer while the target's pause runs; otherwise a new query (one at a time per target). */
  private answerFor(target: QueryTarget): Promise<QueryAnswer> {
    const address = addressKey(target);
    let memory = this.memory.get(target.instanceId);
    if (memory && memory.address !== address) memory = undefined;
    if (memory?.pending) return memory.pending;
    const now = this.clock.now().getTime();
    if (memory && now < memory.notBefore) return Promise.resolve(memory.answer);

    const entry: TargetMemory = memory ?? {
      address,
      answer: { online: false, name: '', playerCount: 0, maxPlayers: 0 },
      consecutiveFailures: 0,
      notBefore: 0,
      pending: null,
    };
    this.memory.set(target.instanceId, entry);
    entry.pending = this.query({ type: target.type, host: target.host, port: target.port })
      .catch((error: unknown): QueryAnswer => ({
        // A query function must not reject; if one does, it is a failed query like any other.
        online: false,
        name: '',
        playerCount: 0,
        maxPlayers: 0,
        error: error instanceof Error ? error.message : 'The query failed',
      }))
      .then((answer) => {
        entry.answer = answer;
        entry.consecutiveFailures = answer.online ? 0 : entry.consecutiveFailures + 1;
        // The pause counts from when the query was sent: that is what the server's flood protection sees.
        entry.notBefore = now + pauseAfter(entry.consecutiveFailures);
        entry.pending = null;
        return answer;
      });
    return entry.pending;
  }
}
