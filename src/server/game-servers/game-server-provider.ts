/** Live state of one game server as a provider reports it (our type; no provider's raw JSON beyond here). */
export interface GameServerState {
  /** The provider's stable id (AMP: InstanceID). */
  instanceId: string;
  /** The provider's name for actions (AMP: InstanceName). */
  name: string;
  /** Default display name (AMP: FriendlyName). */
  displayName: string;
  /** What the server runs (AMP: Module, e.g. "MinecraftModule"). */
  type: string;
  online: boolean;
  playerCount: number;
  maxPlayers: number;
  /** Percent of the CPU. */
  cpuUsage: number;
  /** MB in use. */
  memoryUsage: number;
  /** MB allowed. */
  maxMemory: number;
  /** The game's port, when the provider knows it. */
  port: number | null;
  /**
   * The game is stopped for good (AMP: the instance is down, or the game is Stopped or Failed), as opposed to
   * starting, updating or restarting; the autoStart rule starts only such servers. Absent: `!online`.
   */
  stopped?: boolean;
}

export type GameServerAction = 'start' | 'stop' | 'restart';

/** A source of game servers: lists them with their live state, and starts, stops and restarts them. */
export interface GameServerProvider {
  readonly id: 'amp' | 'query';
  /**
   * True when the provider finds its servers itself (AMP): new ones are added and vanished ones marked missing.
   * False when admins add them (query-only servers).
   */
  readonly discovers: boolean;
  /** Whether its servers can be started and stopped. */
  readonly canControl: boolean;
  list(): Promise<GameServerState[]>;
  /** Throws an IntegrationError carrying the provider's reason when it refuses. */
  act(server: Pick<GameServerState, 'instanceId' | 'name'>, action: GameServerAction): Promise<void>;
}
