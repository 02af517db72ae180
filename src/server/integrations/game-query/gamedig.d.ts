// gamedig 5.3.3 ships no type declarations; these cover the part of its API this folder uses.
declare module 'gamedig' {
  export interface GameDigGame {
    name: string;
    release_year?: number;
    options: {
      port?: number;
      port_query?: number;
      port_query_offset?: number | number[];
      protocol: string;
    };
    extra?: Record<string, unknown>;
  }

  export interface GameDigQueryOptions {
    type: string;
    host: string;
    /** The IP address to query; given, gamedig resolves nothing (no lookup of `host`, no SRV record). */
    address?: string;
    port?: number;
    givenPortOnly?: boolean;
    maxRetries?: number;
    socketTimeout?: number;
    attemptTimeout?: number;
    requestRules?: boolean;
    requestPlayers?: boolean;
    debug?: boolean;
  }

  export interface GameDigResult {
    name: string;
    map: string;
    password: boolean;
    numplayers: number;
    maxplayers: number;
    players: { name?: string; raw?: unknown }[];
    bots: unknown[];
    version: string;
    connect: string;
    ping: number;
    queryPort: number;
    raw?: unknown;
  }

  export const games: Record<string, GameDigGame>;

  export class GameDig {
    static query(options: GameDigQueryOptions): Promise<GameDigResult>;
  }
}
