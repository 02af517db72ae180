import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/constants';
import type { GameServerWire } from '#shared/schemas/game-servers';
import { GameServersSection } from '../../src/client/features/game-servers/game-servers-section';
import { gameServer, stubIntersectionObserver } from './game-server-fixtures';
import { renderInApp, stubApi } from './render';

function renderSection(servers: GameServerWire[] | (() => { status: number; body: unknown })) {
  const requests = stubApi(() => (typeof servers === 'function' ? servers() : { status: 200, body: servers }));
  const view = renderInApp(<GameServersSection isAdmin={false} isAdminUiVisible={false} />, {
    // No waiting between the section's 3 retries.
    configure: (client) =>
      client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } }),
  });
  const listCalls = () => requests.filter((r) => r.method === 'GET' && r.url === '/api/game-servers').length;
  return { ...view, requests, listCalls };
}

let io: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.serversExpanded, 'true');
  io = stubIntersectionObserver();
});
afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
});

describe('Game Servers section', () => {
  it('is collapsed by default (isServersExpanded) and opens on its header', async () => {
    window.localStorage.removeItem(STORAGE_KEYS.serversExpanded);
    const { user } = renderSection([gameServer({ displayName: 'Survival' })]);
    const header = screen.getByRole('button', { name: /Game Servers/ });
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('online-game-servers')).toBeNull();
    await user.click(header);
    expect(await screen.findByTestId('online-game-servers')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.serversExpanded)).toBe('true');
  });

  it("says 'Loading game servers...' until the list arrives", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderInApp(<GameServersSection isAdmin={false} isAdminUiVisible={false} />);
    expect((await screen.findAllByText('Loading game servers...')).length).toBeGreaterThan(0);
  });

  it("says 'Failed to load game servers' once the list fails after 3 retries", async () => {
    const { listCalls } = renderSection(() => ({ status: 500, body: { message: 'Database is down' } }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load game servers');
    expect(listCalls()).toBe(4);
  });

  it("says 'No game servers found' for an empty list", async () => {
    renderSection([]);
    expect(await screen.findByText('No game servers found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Offline Servers/ })).toBeNull();
  });

  it('shows online servers and keeps offline ones behind the toggle, hidden by default', async () => {
    const { user } = renderSection([
      gameServer({ displayName: 'Survival' }),
      gameServer({ displayName: 'Creative', status: false }),
      gameServer({ name: 'Valheim01', status: false }),
    ]);
    const online = await screen.findByTestId('online-game-servers');
    expect(
      within(online)
        .getAllByTestId('game-server-card')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Survival']);
    expect(screen.queryByTestId('offline-game-servers')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show Offline Servers (2)' }));
    const offline = await screen.findByTestId('offline-game-servers');
    expect(
      within(offline)
        .getAllByTestId('game-server-card')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Creative', 'Valheim01']);

    await user.click(screen.getByRole('button', { name: 'Hide Offline Servers (2)' }));
    await waitFor(() => expect(screen.queryByTestId('offline-game-servers')).toBeNull());
    expect(screen.getByRole('button', { name: 'Show Offline Servers (2)' })).toBeTruthy();
  });

  it("says 'No online servers found' when every server is offline and hidden", async () => {
    const { user } = renderSection([gameServer({ status: false }), gameServer({ status: false })]);
    expect(await screen.findByText('No online servers found')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show Offline Servers (2)' }));
    await screen.findByTestId('offline-game-servers');
    expect(screen.queryByText('No online servers found')).toBeNull();
  });

  it('polls the list every 10 s, and any number of cards never adds requests of their own', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const servers = Array.from({ length: 6 }, (_, index) => gameServer({ displayName: `Server ${index}` }));
    const { listCalls } = renderSection(servers);
    await vi.waitFor(() => expect(screen.getAllByTestId('game-server-card')).toHaveLength(6));
    act(() => io.setAllVisible(true));
    expect(screen.queryAllByTestId('game-server-card-placeholder')).toHaveLength(0);
    expect(screen.getAllByRole('group', { name: /^Control / })).toHaveLength(6);
    expect(listCalls()).toBe(1);
    for (let tick = 0; tick < 6; tick += 1) {
      await act(() => vi.advanceTimersByTimeAsync(10_000));
    }
    // One call per 10 s: the six cards' 15 s view restarts with every answer of the section's poll.
    expect(listCalls()).toBe(7);
  });
});
