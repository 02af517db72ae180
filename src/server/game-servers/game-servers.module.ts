import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AmpConfig } from '../integrations/amp/amp.client.ts';
import { AmpGameServerProvider } from '../integrations/amp/amp.provider.ts';
import { GameServerActionsRepository } from '../repositories/game-server-actions.repository.ts';
import { GameServerRequestsRepository } from '../repositories/game-server-requests.repository.ts';
import { GameServersRepository } from '../repositories/game-servers.repository.ts';
import type { NewOutboxMail } from '../repositories/outbox-mails.repository.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';
import type { PollObserver } from '../metrics/observers.ts';
import type { SubjectStatusChange } from '../repositories/alert-subscriptions.repository.ts';
import type { Clock } from '../services/clock.ts';
import type { ConfigSource } from './config-source.ts';
import { GameServerPoller } from './game-server-poller.ts';
import { GameServerRequestService } from './game-server-request.service.ts';
import { GameServerService } from './game-server.service.ts';
import type { GameServerProvider } from './game-server-provider.ts';
import { gamedigTypes, isGamedigType } from '../integrations/game-query/game-types.ts';
import { QueryGameServerProvider } from '../integrations/game-query/query-game-server.provider.ts';

export interface GameServerModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  users: UsersRepository;
  /** AMP's settings in force (Settings page, else AMP_* environment). */
  ampConfig: ConfigSource<AmpConfig>;
  /** The game host of copy-address (Settings, else GAME_HOST). */
  gameHost: () => Promise<string | null>;
  /** The administrators' `allow_metadata_targets`: query hosts at cloud metadata addresses need it. */
  allowMetadataTargets: () => Promise<boolean>;
  enqueueMails: (mails: NewOutboxMail[]) => Promise<void>;
  siteTitle: () => Promise<string>;
  publicUrl: string;
  /** MAX_QUERY_GAME_SERVERS. */
  maxQueryServers: number;
  /** Told when a poll changes what the cards show (live events). */
  onChanged?: () => void;
  /** Told each provider poll's outcome and duration (the Prometheus metrics). */
  onPolled?: PollObserver;
  /** Told which servers went up or down (alerts). */
  onStatusChanges?: (changes: SubjectStatusChange[]) => Promise<void>;
  /** Told the first state seen of each server (kept when none is recorded: status-page uptime). */
  onStatesSeen?: (states: SubjectStatusChange[]) => Promise<void>;
}

export interface GameServerServices {
  gameServers: GameServerService;
  gameServerRequests: GameServerRequestService;
  /** One per provider; the poll-game-servers job runs them in the leading instance. */
  gameServerPollers: GameServerPoller[];
  gameHost: () => Promise<string | null>;
  gameQueryTypes: () => Promise<{ id: string; name: string }[]>;
}

/** Wires the game-server domain: providers, their pollers, the service and the requests. */
export function createGameServerServices(deps: GameServerModuleDeps): GameServerServices {
  const servers = new GameServersRepository(deps.db);
  const actions = new GameServerActionsRepository(deps.db);
  const providers: GameServerProvider[] = [
    new AmpGameServerProvider(deps.ampConfig),
    new QueryGameServerProvider({
      clock: deps.clock,
      allowMetadataTargets: deps.allowMetadataTargets,
      targets: async () =>
        (await servers.listByProvider('query')).flatMap((row) =>
          row.host && row.port
            ? [{ instanceId: row.instanceId, name: row.name, type: row.type, host: row.host, port: row.port }]
            : [],
        ),
    }),
  ];
  // The service's autoStart is handed to the pollers it owns; the closure runs only after both exist.
  const pollers = providers.map(
    (provider) =>
      new GameServerPoller({
        provider,
        servers,
        actions,
        clock: deps.clock,
        log: deps.log,
        autoStart: (server) => service.autoStart(server),
        onChanged: deps.onChanged,
        onPolled: deps.onPolled,
        onStatusChanges: deps.onStatusChanges,
        onStatesSeen: deps.onStatesSeen,
      }),
  );
  // A new AMP configuration shows at once, not at the next 10 s tick (a poll from a standby instance is harmless).
  deps.ampConfig.onChange(() => {
    const ampPoller = pollers.find((poller) => poller.provider.id === 'amp');
    ampPoller
      ?.poll()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'game-server poll after a change failed'));
  });
  const service: GameServerService = new GameServerService({
    servers,
    actions,
    pollers,
    isQueryType: isGamedigType,
    allowMetadataTargets: deps.allowMetadataTargets,
    maxQueryServers: deps.maxQueryServers,
    clock: deps.clock,
    log: deps.log,
  });
  return {
    gameServers: service,
    gameServerRequests: new GameServerRequestService({
      requests: new GameServerRequestsRepository(deps.db),
      users: deps.users,
      enqueueMails: deps.enqueueMails,
      siteTitle: deps.siteTitle,
      publicUrl: deps.publicUrl,
      clock: deps.clock,
    }),
    gameServerPollers: pollers,
    gameHost: deps.gameHost,
    gameQueryTypes: gamedigTypes,
  };
}
