import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '#shared/constants';
import { GAME_MSG } from '#shared/messages';
import type { GameServerAuditWire, GameServerRequestWire } from '#shared/schemas/game-servers';
import { GameServersSection } from '../../src/client/features/game-servers/game-servers-section';
import { gameServer, stubIntersectionObserver } from './game-server-fixtures';
import { renderInApp, stubApi, type SeenRequest } from './render';

type Reply = { status: number; body: unknown };

const QUERY_TYPES = [
  { id: 'minecraft', name: 'Minecraft' },
  { id: 'valheim', name: 'Valheim' },
];

/** The section as an admin sees it, the API answering by route; `reply` overrides single requests. */
function renderTools(
  options: { isAdmin?: boolean; isAdminUiVisible?: boolean; reply?: (request: SeenRequest) => Reply | undefined } = {},
) {
  const requests = stubApi((request) => {
    const overridden = options.reply?.(request);
    if (overridden) return overridden;
    if (request.url === '/api/game-servers/query-types') return { status: 200, body: QUERY_TYPES };
    if (request.url === '/api/game-servers' && request.method === 'GET') {
      return { status: 200, body: [gameServer({ displayName: 'Survival' })] };
    }
    return { status: 200, body: [] };
  });
  const view = renderInApp(
    <GameServersSection isAdmin={options.isAdmin ?? true} isAdminUiVisible={options.isAdminUiVisible ?? true} />,
  );
  const sent = (method: string) => requests.filter((request) => request.method === method);
  return { ...view, requests, sent };
}

async function openTool(user: ReturnType<typeof renderTools>['user'], item: string) {
  await user.click(screen.getByRole('button', { name: 'Manage' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog', { name: item });
}

beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.serversExpanded, 'true');
  stubIntersectionObserver();
});

describe('Game server admin tools: who sees them', () => {
  it('a non-admin sees no Manage menu, Edit or Delete', async () => {
    renderTools({ isAdmin: false, isAdminUiVisible: true });
    expect(await screen.findByRole('article', { name: 'Survival' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request Server' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
  });

  it('an admin with the admin controls off (Ctrl/Cmd+H) sees none either', async () => {
    renderTools({ isAdmin: true, isAdminUiVisible: false });
    expect(await screen.findByRole('article', { name: 'Survival' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
  });

  it('an admin with the admin controls on gets the menu with its three tools', async () => {
    const { user } = renderTools();
    await user.click(await screen.findByRole('button', { name: 'Manage' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Add Query Server', 'Server Requests', 'Action Log']);
  });
});

describe('Add Query Server', () => {
  async function fill(
    user: ReturnType<typeof renderTools>['user'],
    dialog: HTMLElement,
    values: { name: string; type: string; host: string; port: string },
  ) {
    await user.type(within(dialog).getByLabelText('Server Name'), values.name);
    await user.click(within(dialog).getByLabelText('Game Type'));
    await user.click(await screen.findByRole('option', { name: values.type }));
    await user.type(within(dialog).getByLabelText('Host'), values.host);
    await user.type(within(dialog).getByLabelText('Port'), values.port);
  }

  it('lists the game types GET /api/game-servers/query-types answers', async () => {
    const { user } = renderTools();
    const dialog = await openTool(user, 'Add Query Server');
    const trigger = within(dialog).getByLabelText('Game Type');
    await waitFor(() => expect(trigger.hasAttribute('disabled')).toBe(false));
    await user.click(trigger);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Minecraft', 'Valheim']);
  });

  it("shows the shared schema's messages for a bad host and port and sends nothing", async () => {
    const { user, sent } = renderTools();
    const dialog = await openTool(user, 'Add Query Server');
    await waitFor(() => expect(within(dialog).getByLabelText('Game Type').hasAttribute('disabled')).toBe(false));
    await fill(user, dialog, { name: 'Friends', type: 'Valheim', host: 'http://bad host/', port: '70000' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(await within(dialog).findByText(GAME_MSG.hostInvalid)).toBeTruthy();
    expect(within(dialog).getByText(GAME_MSG.portInvalid)).toBeTruthy();
    expect(sent('POST')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Add Query Server' })).toBe(dialog);
  });

  it('POSTs {name, type, host, port} and closes', async () => {
    const { user, sent } = renderTools({
      reply: (request) =>
        request.method === 'POST' ? { status: 201, body: gameServer({ provider: 'query' }) } : undefined,
    });
    const dialog = await openTool(user, 'Add Query Server');
    await waitFor(() => expect(within(dialog).getByLabelText('Game Type').hasAttribute('disabled')).toBe(false));
    await fill(user, dialog, { name: 'Friends', type: 'Valheim', host: 'valheim.example.test', port: '2456' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Query Server' })).toBeNull());
    expect(sent('POST')).toEqual([
      {
        method: 'POST',
        url: '/api/game-servers',
        body: { name: 'Friends', type: 'valheim', host: 'valheim.example.test', port: 2456 },
      },
    ]);
    expect(await screen.findByText('Query server added')).toBeTruthy();
  });

  it("shows the server's message for a 400 and keeps the form as typed", async () => {
    const { user, sent } = renderTools({
      reply: (request) =>
        request.method === 'POST' ? { status: 400, body: { message: 'A server with that name exists' } } : undefined,
    });
    const dialog = await openTool(user, 'Add Query Server');
    await waitFor(() => expect(within(dialog).getByLabelText('Game Type').hasAttribute('disabled')).toBe(false));
    await fill(user, dialog, { name: 'Friends', type: 'Valheim', host: 'valheim.example.test', port: '2456' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(await screen.findByText('A server with that name exists')).toBeTruthy();
    expect(sent('POST')).toHaveLength(1);
    const kept = screen.getByRole('dialog', { name: 'Add Query Server' });
    expect(within(kept).getByLabelText<HTMLInputElement>('Server Name').value).toBe('Friends');
    expect(within(kept).getByLabelText<HTMLInputElement>('Host').value).toBe('valheim.example.test');
    expect(within(kept).getByLabelText<HTMLInputElement>('Port').value).toBe('2456');
  });
});

function request(partial: Partial<GameServerRequestWire> & { id: number }): GameServerRequestWire {
  return { game: 'Valheim', username: 'alice', createdAt: '2030-05-01T10:00:00.000Z', doneAt: null, ...partial };
}

describe('Server Requests', () => {
  it('lists open requests first with who asked and the game; Mark done PATCHes {done:true} and the row updates', async () => {
    const valheim = request({ id: 3, game: 'Valheim', username: 'alice' });
    const palworld = request({ id: 2, game: 'Palworld', username: null });
    const terraria = request({ id: 1, game: 'Terraria', username: 'bob', doneAt: '2030-05-02T10:00:00.000Z' });
    let requests = [valheim, palworld, terraria];
    const { user, sent } = renderTools({
      reply: ({ method, url }) => {
        if (url === '/api/game-servers/requests') return { status: 200, body: requests };
        if (method === 'PATCH' && url === '/api/game-servers/requests/3') {
          // The server lists open requests first: the done one moves below the open ones.
          const done = { ...valheim, doneAt: '2030-05-03T10:00:00.000Z' };
          requests = [palworld, done, terraria];
          return { status: 200, body: done };
        }
        return undefined;
      },
    });
    const dialog = await openTool(user, 'Server Requests');
    const rows = await within(dialog).findAllByTestId('game-server-request');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Valheimalice · .*Mark done$/),
      expect.stringMatching(/^PalworldDeleted user · .*Mark done$/),
      expect.stringMatching(/^Terrariabob · .*DoneReopen$/),
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Mark done: Valheim' }));
    expect(await within(dialog).findByRole('button', { name: 'Reopen: Valheim' })).toBeTruthy();
    expect(sent('PATCH')).toEqual([{ method: 'PATCH', url: '/api/game-servers/requests/3', body: { done: true } }]);
    const updated = within(dialog).getAllByTestId('game-server-request');
    expect(updated.map((row) => within(row).getByText(/^(Valheim|Palworld|Terraria)$/).textContent)).toEqual([
      'Palworld',
      'Valheim',
      'Terraria',
    ]);
    const [, doneRow] = updated as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(doneRow).getByText('Done')).toBeTruthy();
  });

  it('Reopen PATCHes {done:false}', async () => {
    const { user, sent } = renderTools({
      reply: ({ url }) =>
        url === '/api/game-servers/requests'
          ? { status: 200, body: [request({ id: 7, game: 'Rust', doneAt: '2030-05-02T10:00:00.000Z' })] }
          : undefined,
    });
    const dialog = await openTool(user, 'Server Requests');
    await user.click(await within(dialog).findByRole('button', { name: 'Reopen: Rust' }));
    await waitFor(() =>
      expect(sent('PATCH')).toEqual([{ method: 'PATCH', url: '/api/game-servers/requests/7', body: { done: false } }]),
    );
  });
});

function auditEntry(partial: Partial<GameServerAuditWire> & { id: number }): GameServerAuditWire {
  return {
    instanceId: 'instance-1',
    serverName: 'Survival',
    action: 'start',
    username: 'alice',
    isAutomatic: false,
    isSuccess: true,
    reason: null,
    createdAt: '2030-05-01T10:00:00.000Z',
    ...partial,
  };
}

describe('Action Log', () => {
  it("shows who (or Auto start), the action, success or failure and AMP's reason", async () => {
    const entries = [
      auditEntry({ id: 3, action: 'stop', serverName: 'Creative', username: 'alice' }),
      auditEntry({
        id: 2,
        action: 'start',
        username: null,
        isAutomatic: true,
        isSuccess: false,
        reason: 'Instance is already running',
      }),
      auditEntry({ id: 1, action: 'restart', username: null }),
    ];
    const { user } = renderTools({
      reply: ({ url }) => (url === '/api/game-servers/actions' ? { status: 200, body: entries } : undefined),
    });
    const dialog = await openTool(user, 'Action Log');
    const rows = await within(dialog).findAllByTestId('audit-entry');
    expect(rows).toHaveLength(3);
    const [stop, autoStart, restart] = rows as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(stop).getByLabelText('Succeeded')).toBeTruthy();
    expect(within(stop).getByText('stop').parentElement?.textContent).toBe('stop Creative');
    expect(within(stop).getByText(/^alice · /)).toBeTruthy();

    expect(within(autoStart).getByLabelText('Failed')).toBeTruthy();
    expect(within(autoStart).queryByLabelText('Succeeded')).toBeNull();
    expect(within(autoStart).getByText('start').parentElement?.textContent).toBe('start Survival');
    expect(within(autoStart).getByText(/^Auto start · /)).toBeTruthy();
    expect(within(autoStart).getByText('Instance is already running')).toBeTruthy();

    expect(within(restart).getByText('restart')).toBeTruthy();
    expect(within(restart).getByText(/^Deleted user · /)).toBeTruthy();
  });
});
