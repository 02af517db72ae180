import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '#shared/constants';
import { GAME_MSG } from '#shared/messages';
import type { GameServerWire } from '#shared/schemas/game-servers';
import { GameServersSection } from '../../src/client/features/game-servers/game-servers-section';
import { gameServer, stubIntersectionObserver } from './game-server-fixtures';
import { renderInApp, stubApi, type SeenRequest } from './render';

type Reply = { status: number; body: unknown };

const AMP = gameServer({
  id: 101,
  name: 'Survival01',
  displayName: 'Survival',
  hidden: false,
  show_player_count: true,
  show_status_badge: false,
  autoStart: true,
  refreshInterval: 45,
});
const QUERY = gameServer({
  id: 102,
  name: 'Friends',
  displayName: null,
  provider: 'query',
  canControl: false,
  type: 'valheim',
  host: 'valheim.example.test',
  port: 2456,
  hidden: true,
  autoStart: false,
  refreshInterval: 60,
});
const MISSING = gameServer({ id: 103, name: 'OldWorld', displayName: 'Old World', missing: true });

let io: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.serversExpanded, 'true');
  io = stubIntersectionObserver();
});

/** The section for an admin with the admin controls on, every card on screen; `reply` overrides single requests. */
async function renderCards(reply?: (request: SeenRequest) => Reply | undefined) {
  const requests = stubApi((request) => {
    const overridden = reply?.(request);
    if (overridden) return overridden;
    if (request.url === '/api/game-servers/query-types') {
      return { status: 200, body: [{ id: 'valheim', name: 'Valheim' }] };
    }
    if (request.url === '/api/game-servers' && request.method === 'GET') {
      return { status: 200, body: [AMP, QUERY, MISSING] };
    }
    return { status: 200, body: { message: 'ok' } };
  });
  const view = renderInApp(<GameServersSection isAdmin isAdminUiVisible />);
  await screen.findAllByTestId('game-server-card');
  act(() => io.setAllVisible(true));
  const sent = (method: string) => requests.filter((request) => request.method === method);
  return { ...view, sent };
}

async function openEdit(user: ReturnType<typeof renderInApp>['user'], server: GameServerWire) {
  const name = server.displayName ?? server.name;
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: 'Edit Game Server' });
}

const isOn = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('switch', { name: label }).getAttribute('aria-checked');
const valueOf = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText<HTMLInputElement>(label).value;

describe('Edit Game Server', () => {
  it("is prefilled with an AMP server's admin fields and has no name, type, host or port", async () => {
    const { user } = await renderCards();
    const dialog = await openEdit(user, AMP);
    expect(valueOf(dialog, 'Display Name')).toBe('Survival');
    expect(valueOf(dialog, 'Refresh Interval (seconds)')).toBe('45');
    expect(isOn(dialog, 'Hidden')).toBe('false');
    expect(isOn(dialog, 'Show Player Count')).toBe('true');
    expect(isOn(dialog, 'Show Status Badge')).toBe('false');
    expect(isOn(dialog, 'Auto Start')).toBe('true');
    expect(within(dialog).queryByLabelText('Host')).toBeNull();
    expect(within(dialog).queryByLabelText('Port')).toBeNull();
    expect(within(dialog).queryByLabelText('Server Name')).toBeNull();
  });

  it('PATCHes only the admin fields of an AMP server and closes', async () => {
    const { user, sent } = await renderCards((request) =>
      request.method === 'PATCH' ? { status: 200, body: AMP } : undefined,
    );
    const dialog = await openEdit(user, AMP);
    await user.clear(within(dialog).getByLabelText('Display Name'));
    await user.type(within(dialog).getByLabelText('Display Name'), 'Survival Island');
    await user.click(within(dialog).getByRole('switch', { name: 'Hidden' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Auto Start' }));
    await user.clear(within(dialog).getByLabelText('Refresh Interval (seconds)'));
    await user.type(within(dialog).getByLabelText('Refresh Interval (seconds)'), '90');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Game Server' })).toBeNull());
    expect(sent('PATCH')).toEqual([
      {
        method: 'PATCH',
        url: '/api/game-servers/101',
        body: {
          displayName: 'Survival Island',
          hidden: true,
          show_player_count: true,
          show_status_badge: false,
          autoStart: false,
          refreshInterval: 90,
        },
      },
    ]);
    expect(await screen.findByText('Game server updated')).toBeTruthy();
  });

  it("is prefilled with a query server's name, type, host and port, and PATCHes them (no Auto Start)", async () => {
    const { user, sent } = await renderCards((request) =>
      request.method === 'PATCH' ? { status: 200, body: QUERY } : undefined,
    );
    const dialog = await openEdit(user, QUERY);
    expect(valueOf(dialog, 'Server Name')).toBe('Friends');
    expect(valueOf(dialog, 'Host')).toBe('valheim.example.test');
    expect(valueOf(dialog, 'Port')).toBe('2456');
    await waitFor(() => expect(within(dialog).getByLabelText('Game Type').textContent).toBe('Valheim'));
    expect(valueOf(dialog, 'Display Name')).toBe('');
    expect(isOn(dialog, 'Hidden')).toBe('true');
    expect(within(dialog).queryByRole('switch', { name: 'Auto Start' })).toBeNull();

    await user.clear(within(dialog).getByLabelText('Port'));
    await user.type(within(dialog).getByLabelText('Port'), '2457');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent('PATCH')).toHaveLength(1));
    expect(sent('PATCH')[0]).toEqual({
      method: 'PATCH',
      url: '/api/game-servers/102',
      body: {
        displayName: null,
        hidden: true,
        show_player_count: true,
        show_status_badge: true,
        refreshInterval: 60,
        name: 'Friends',
        type: 'valheim',
        host: 'valheim.example.test',
        port: 2457,
      },
    });
  });

  it("shows the shared schema's message for a bad port and sends nothing", async () => {
    const { user, sent } = await renderCards();
    const dialog = await openEdit(user, QUERY);
    await user.clear(within(dialog).getByLabelText('Port'));
    await user.type(within(dialog).getByLabelText('Port'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(GAME_MSG.portInvalid)).toBeTruthy();
    expect(sent('PATCH')).toHaveLength(0);
  });

  it("shows the server's error message and keeps the form", async () => {
    const { user, sent } = await renderCards((request) =>
      request.method === 'PATCH' ? { status: 400, body: { message: 'Display name is too long' } } : undefined,
    );
    const dialog = await openEdit(user, AMP);
    await user.type(within(dialog).getByLabelText('Display Name'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Display name is too long')).toBeTruthy();
    expect(screen.getByText('Failed to update game server')).toBeTruthy();
    expect(sent('PATCH')).toHaveLength(1);
    const kept = screen.getByRole('dialog', { name: 'Edit Game Server' });
    expect(valueOf(kept, 'Display Name')).toBe('Survival!');
  });
});

describe('Delete Game Server', () => {
  it('is offered for query servers and servers missing from their panel only', async () => {
    await renderCards();
    expect(await screen.findByRole('button', { name: 'Delete Friends' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Old World' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Survival' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Survival' })).toBeNull();
  });

  it('asks first: Cancel sends nothing, Delete sends DELETE', async () => {
    const { user, sent } = await renderCards((request) =>
      request.method === 'DELETE' ? { status: 200, body: { message: 'Game server deleted' } } : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Old World' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Game Server' });
    expect(confirm.textContent).toContain('Are you sure you want to delete Old World?');
    expect(sent('DELETE')).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent('DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Friends' }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete Game Server' });
    expect(again.textContent).toContain('delete Friends?');
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Game server deleted')).toBeTruthy();
    expect(sent('DELETE')).toEqual([{ method: 'DELETE', url: '/api/game-servers/102', body: null }]);
  });
});
