import type { GameServer } from '../repositories/game-servers.repository.ts';
import type { GameServerState } from './game-server-provider.ts';

/** A server a person stopped within this time is left stopped, whatever its autoStart says (issue 12). */
export const USER_STOP_GRACE_MS = 15 * 60_000;
/** The rule tries a server again only after this long: a start takes a while, and a failing one must not be hammered. */
export const AUTO_START_RETRY_MS = 5 * 60_000;

/** What the autoStart rule needs to know about one server. */
export interface AutoStartFacts {
  row: Pick<GameServer, 'autoStart' | 'missing'>;
  state: Pick<GameServerState, 'online' | 'stopped'>;
  canControl: boolean;
  stoppedByUserLately: boolean;
  /** When the rule last tried this server (null: never). */
  lastAutomaticAt: Date | null;
  now: Date;
}

/**
 * Whether the autoStart rule starts this server now: it is switched on, controllable, present on its panel,
 * stopped for good (not starting or updating), no person stopped it in the last 15 minutes, and the rule has not
 * tried it in the last few minutes.
 */
export function shouldAutoStart(facts: AutoStartFacts): boolean {
  const { row, state } = facts;
  if (!row.autoStart || row.missing || !facts.canControl) return false;
  const isStopped = state.stopped ?? !state.online;
  if (state.online || !isStopped) return false;
  if (facts.stoppedByUserLately) return false;
  return !facts.lastAutomaticAt || facts.now.getTime() - facts.lastAutomaticAt.getTime() >= AUTO_START_RETRY_MS;
}
