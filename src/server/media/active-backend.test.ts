import { describe, expect, it } from 'vitest';
import type { MediaBackendChoice } from '#shared/schemas/media';
import { ActiveMediaBackend, chooseMediaBackend, type ActiveMedia } from './active-backend.ts';
import type { MediaServerBackend } from './media-server.ts';

describe('chooseMediaBackend', () => {
  it('takes Plex when configured, else Jellyfin, with auto', () => {
    expect(chooseMediaBackend('auto', { plex: true, jellyfin: true })).toBe('plex');
    expect(chooseMediaBackend('auto', { plex: false, jellyfin: true })).toBe('jellyfin');
    expect(chooseMediaBackend('auto', { plex: false, jellyfin: false })).toBeNull();
  });

  it("keeps the admin's named choice even when it is not configured", () => {
    expect(chooseMediaBackend('jellyfin', { plex: true, jellyfin: true })).toBe('jellyfin');
    expect(chooseMediaBackend('jellyfin', { plex: true, jellyfin: false })).toBeNull();
    expect(chooseMediaBackend('plex', { plex: false, jellyfin: true })).toBeNull();
  });
});

/** A settings source as IntegrationSettings gives it: the config in force, changed by the test. */
function source<T>(initial: T | null) {
  const state = {
    value: initial,
    current: () => Promise.resolve(state.value),
  };
  return state;
}

describe('ActiveMediaBackend', () => {
  function setup() {
    const plex = source<{ url: string }>({ url: 'http://plex.test' });
    const jellyfin = source<{ url: string }>(null);
    let choice: MediaBackendChoice = 'auto';
    const built: { id: string; url: string; closed: boolean }[] = [];
    const build =
      (id: 'plex' | 'jellyfin') =>
      (config: { url: string }): ActiveMedia => {
        const record = { id, url: config.url, closed: false };
        built.push(record);
        const backend = {
          id,
          close: () => {
            record.closed = true;
            return Promise.resolve();
          },
        } as unknown as MediaServerBackend;
        return { backend, inviter: null, shareLibraries: { all: true } };
      };
    const active = new ActiveMediaBackend({
      plex: { current: () => plex.current(), onChange: () => undefined },
      jellyfin: { current: () => jellyfin.current(), onChange: () => undefined },
      choice: () => Promise.resolve(choice),
      build: { plex: build('plex'), jellyfin: build('jellyfin') },
    });
    return { plex, jellyfin, built, active, choose: (next: MediaBackendChoice) => (choice = next) };
  }

  it('builds the clients once while the settings stay, and again (closing the old) when they change', async () => {
    const { plex, built, active } = setup();
    await Promise.all([active.current(), active.current(), active.current()]);
    expect(built).toEqual([{ id: 'plex', url: 'http://plex.test', closed: false }]);
    plex.value = { url: 'http://plex2.test' };
    expect((await active.current())?.backend.id).toBe('plex');
    expect(built).toEqual([
      { id: 'plex', url: 'http://plex.test', closed: true },
      { id: 'plex', url: 'http://plex2.test', closed: false },
    ]);
  });

  it('follows the choice and answers null when the chosen back end is not configured', async () => {
    const { jellyfin, active, choose } = setup();
    choose('jellyfin');
    expect(await active.current()).toBeNull();
    jellyfin.value = { url: 'http://jellyfin.test' };
    expect((await active.current())?.backend.id).toBe('jellyfin');
    choose('auto');
    expect((await active.current())?.backend.id).toBe('plex');
  });

  it('rebuilds after invalidate, closing what it had', async () => {
    const { built, active } = setup();
    await active.current();
    await active.invalidate();
    expect(built[0]?.closed).toBe(true);
    await active.current();
    expect(built).toHaveLength(2);
  });
});
