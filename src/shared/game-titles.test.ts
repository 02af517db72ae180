import { describe, expect, it } from 'vitest';
import { compareGameTitles, GAME_TITLES } from './game-titles.ts';

describe('GAME_TITLES', () => {
  it('holds about 130 distinct titles (SPEC section 2)', () => {
    expect(GAME_TITLES.length).toBeGreaterThanOrEqual(120);
    expect(GAME_TITLES.length).toBeLessThanOrEqual(140);
    expect(new Set(GAME_TITLES.map((title) => title.toLowerCase())).size).toBe(GAME_TITLES.length);
    expect(GAME_TITLES.every((title) => title.trim() === title && title !== '')).toBe(true);
  });

  it('is sorted alphabetically, case-insensitive, numbers by value', () => {
    expect([...GAME_TITLES].sort(compareGameTitles)).toEqual(GAME_TITLES);
    expect(GAME_TITLES.indexOf('Unreal Tournament 99')).toBeLessThan(GAME_TITLES.indexOf('Unreal Tournament 2004'));
    expect(GAME_TITLES.indexOf('The Forest')).toBeLessThan(GAME_TITLES.indexOf('tModLoader (Terraria)'));
  });

  it('includes the titles the brief names', () => {
    for (const title of ['Minecraft Java Edition', 'Valheim', 'Terraria', 'Palworld', "Garry's Mod", 'V Rising']) {
      expect(GAME_TITLES).toContain(title);
    }
  });
});
