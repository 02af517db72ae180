import type { GameServerPoller } from '../game-servers/game-server-poller.ts';
import type { Job } from './job.ts';

/** AMP is asked once per 10 s (one GetInstances, issue 12); query-only servers limit themselves per server. */
export const GAME_SERVER_POLL_MS = 10_000;

/** One job per game-server provider, in the leading instance only: a deployment polls each provider once. */
export const pollGameServersJob = (poller: GameServerPoller): Job => ({
  name: `poll-game-servers:${poller.provider.id}`,
  intervalMs: GAME_SERVER_POLL_MS,
  leaderOnly: true,
  runAtStart: true,
  run: () => poller.poll(),
});
