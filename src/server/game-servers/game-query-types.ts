import { createRequire } from 'node:module';

// Placeholder list until the game-query integration lands: every gamedig id with a protocol.
const { games } = createRequire(import.meta.url)('gamedig') as {
  games: Record<string, { name: string; options?: { protocol?: string } }>;
};
const TYPES = Object.entries(games)
  .filter(([, game]) => typeof game.options?.protocol === 'string')
  .map(([id, game]) => ({ id, name: game.name }))
  .sort((a, b) => a.name.localeCompare(b.name));
const IDS = new Set(TYPES.map((type) => type.id));

export function gameQueryTypes(): { id: string; name: string }[] {
  return TYPES;
}

export function isGameQueryType(type: string): boolean {
  return IDS.has(type);
}
