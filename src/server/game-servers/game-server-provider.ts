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
}

export type GameServerAction = 'start' | 'stop' | 'restart';

/** A source of game servers: lists them with their live state, and starts, stops and restarts them. */
export interface GameServerProvider {
  readonly id: 'amp' | 'query';
  list(): Promise<GameServerState[]>;
  /** Throws an IntegrationError carrying the provider's reason when it refuses. */
  act(server: Pick<GameServerState, 'instanceId' | 'name'>, action: GameServerAction): Promise<void>;
}
