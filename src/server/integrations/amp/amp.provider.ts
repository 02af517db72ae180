import type { ConfigSource } from '../../game-servers/config-source.ts';
import type { GameServerAction, GameServerProvider, GameServerState } from '../../game-servers/game-server-provider.ts';
import { IntegrationError } from '../http/json-client.ts';
import { AmpClient, toGameServerState, type AmpConfig } from './amp.client.ts';

/**
 * AMP as a game-server provider: one GetInstances per list, actions by InstanceName. The client (and its AMP
 * session) is kept until the configuration changes.
 */
export class AmpGameServerProvider implements GameServerProvider {
  readonly id = 'amp' as const;
  readonly discovers = true;
  readonly canControl = true;
  #client: AmpClient | null = null;

  constructor(
    private readonly config: ConfigSource<AmpConfig>,
    private readonly options: { timeoutMs?: number } = {},
  ) {
    config.onChange(() => {
      this.#client = null;
    });
  }

  async list(): Promise<GameServerState[]> {
    const client = await this.#connect();
    return (await client.listInstances()).map(toGameServerState);
  }

  async act(server: Pick<GameServerState, 'instanceId' | 'name'>, action: GameServerAction): Promise<void> {
    const client = await this.#connect();
    await client.act({ InstanceID: server.instanceId, InstanceName: server.name }, action);
  }

  async #connect(): Promise<AmpClient> {
    if (this.#client) return this.#client;
    const config = await this.config.current();
    if (!config) throw new IntegrationError('AMP', 'not_configured', 'AMP is not configured');
    this.#client = new AmpClient(config, this.options);
    return this.#client;
  }
}
