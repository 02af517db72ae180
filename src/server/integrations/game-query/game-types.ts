import type { GameDigGame } from 'gamedig';

let gamedig: Promise<typeof import('gamedig')> | undefined;

/**
 * gamedig, loaded when first needed (a query-only server is added, polled or the list of types is asked for), not
 * at start: with its dependencies (got, fast-xml-parser, telnet and XML-RPC clients) it costs some 20 MiB of RSS,
 * a quarter of an idle server's budget (issue 14, bounded memory), and most homelabs never add such a server.
 */
export function loadGamedig(): Promise<typeof import('gamedig')> {
  gamedig ??= import('gamedig');
  return gamedig;
}

/**
 * gamedig protocols that do not ask the game server itself but a third-party web service on the internet (a master
 * list, a vendor API) or need credentials a query-only server does not have. A homelab dashboard must work without
 * those, so their games are not offered:
 * - master lists: minetest (servers.minetest.net), vintagestory, beammp, brokeprotocol, hawakening, altvmp, ragemp,
 *   renegadex, scpsl, factorio (multiplayer.factorio.com), geneshift;
 * - vendor APIs: discord (a guild, not a server), epic (Epic Online Services: asa, theisleevrima, with client secrets);
 * - palworld: its REST API needs the admin user name and password.
 */
const EXCLUDED_PROTOCOLS: ReadonlySet<string> = new Set([
  'minetest',
  'vintagestory',
  'beammp',
  'brokeprotocol',
  'hawakening',
  'altvmp',
  'ragemp',
  'renegadex',
  'scpsl',
  'factorio',
  'geneshift',
  'discord',
  'asa',
  'theisleevrima',
  'palworld',
]);

/** A game's protocol, or null when gamedig's entry is unusable here (excluded or malformed). */
function usableGame(games: Record<string, GameDigGame>, id: string): GameDigGame | null {
  if (!Object.hasOwn(games, id)) return null;
  const game = games[id];
  const protocol = game?.options?.protocol;
  if (typeof protocol !== 'string' || EXCLUDED_PROTOCOLS.has(protocol)) return null;
  return game ?? null;
}

/** True for a gamedig game id a query-only server may use. */
export async function isGamedigType(id: string): Promise<boolean> {
  return (await gamedigGame(id)) !== null;
}

/** The gamedig game entry for a usable id (null otherwise): the query client reads its protocol and ports. */
export async function gamedigGame(id: string): Promise<GameDigGame | null> {
  return usableGame((await loadGamedig()).games, id);
}

let sortedTypes: { id: string; name: string }[] | null = null;

/** Every usable gamedig game, sorted by name (then id), for the admin dialog. Computed once: the list is static. */
export async function gamedigTypes(): Promise<{ id: string; name: string }[]> {
  const { games } = await loadGamedig();
  sortedTypes ??= Object.keys(games)
    .filter((id) => usableGame(games, id) !== null)
    .map((id) => ({ id, name: games[id]?.name ?? id }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id, 'en'));
  return sortedTypes.map((type) => ({ ...type }));
}
