import { metadataTargetPolicy, type TargetPolicy } from '../../lib/address-policy.ts';
import { wakeArmagetron } from './armagetron-wake.ts';
import { gamedigGame, loadGamedig } from './game-types.ts';
import { queryHostAddress, SRV_PREFIXES, type HostResolvers } from './query-host.ts';

/** What to ask: a gamedig game id and the game's address. */
export interface QueryAddress {
  type: string;
  host: string;
  port: number;
}

/** A query's answer in our own terms. A server that does not answer is offline, with the reason in `error`. */
export interface QueryAnswer {
  online: boolean;
  name: string;
  playerCount: number;
  maxPlayers: number;
  map?: string;
  error?: string;
}

/** Sends one query (the provider counts and spaces these); never rejects. */
export type QueryFunction = (address: QueryAddress) => Promise<QueryAnswer>;

export interface QueryTimeouts {
  /** Waiting for one UDP/TCP answer. */
  socketMs: number;
  /** One attempt (a protocol may need several packets). */
  attemptMs: number;
  /** The whole query, all attempts included: a dead host never holds a poll longer than this. */
  totalMs: number;
}

/** Short on purpose: a dead host must not delay the rest of the poll (integrations.md section 4). */
export const DEFAULT_QUERY_TIMEOUTS: QueryTimeouts = { socketMs: 2_000, attemptMs: 3_000, totalMs: 5_000 };

/** Where a query may go: the target policy of the host's address, and the resolvers (tests pass fakes). */
export interface QueryRoute extends HostResolvers {
  /** Default: cloud metadata addresses refused (the provider passes the one that follows Settings). */
  policy?: TargetPolicy;
}

const METADATA_REFUSED = metadataTargetPolicy(() => false);

function offline(error: string): QueryAnswer {
  return { online: false, name: '', playerCount: 0, maxPlayers: 0, error };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
}

function message(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The query failed';
}

/** Resolves with `fallback` after `ms` unless `work` settles first (gamedig has no cancel; its own time-outs end it). */
function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function ask(address: QueryAddress, timeouts: QueryTimeouts, route: QueryRoute): Promise<QueryAnswer> {
  const game = await gamedigGame(address.type);
  if (!game) return offline(`Unknown game type: ${address.type}`);
  // The checked address is the one queried: gamedig gets it as both host and address, so it resolves nothing.
  const ip = await queryHostAddress(address.host, route.policy ?? METADATA_REFUSED, {
    ...route,
    srvPrefix: SRV_PREFIXES[game.options.protocol],
  });
  if (game.options.protocol === 'armagetron') {
    const awake = await wakeArmagetron(ip, address.port, timeouts.socketMs);
    if (!awake) return offline('No answer from the server');
  }
  // When the game has no separate query port, gamedig would try the same port twice; one attempt is enough.
  const hasQueryPort = game.options.port_query !== undefined || game.options.port_query_offset !== undefined;
  const { GameDig } = await loadGamedig();
  const result = await GameDig.query({
    type: address.type,
    host: ip,
    address: ip,
    port: address.port,
    givenPortOnly: !hasQueryPort,
    maxRetries: 1,
    socketTimeout: timeouts.socketMs,
    attemptTimeout: timeouts.attemptMs,
    requestRules: false,
  });
  const answer: QueryAnswer = {
    online: true,
    name: typeof result.name === 'string' ? result.name : '',
    playerCount: count(result.numplayers ?? result.players?.length),
    maxPlayers: count(result.maxplayers),
  };
  if (typeof result.map === 'string' && result.map) answer.map = result.map;
  return answer;
}

/**
 * Queries one game server through gamedig, at the address `route.policy` allowed (a refused one is an offline
 * answer with the reason). A rejection or time-out is an offline answer, never a throw.
 */
export function queryGameServer(
  address: QueryAddress,
  timeouts: QueryTimeouts = DEFAULT_QUERY_TIMEOUTS,
  route: QueryRoute = {},
): Promise<QueryAnswer> {
  const work = ask(address, timeouts, route).catch((error: unknown) => offline(message(error)));
  return within(work, timeouts.totalMs, offline(`No answer within ${timeouts.totalMs / 1000} s`));
}
