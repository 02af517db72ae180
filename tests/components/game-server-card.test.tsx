import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameServerWire } from '#shared/schemas/game-servers';
import { GAME_SERVERS_QUERY_KEY } from '../../src/client/api/game-servers.api';
import { GameServerCard } from '../../src/client/features/game-servers/game-server-card';
import { gameServer, stubIntersectionObserver } from './game-server-fixtures';
import { renderInApp, type SeenRequest } from './render';

let io: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  io = stubIntersectionObserver();
});

type Answer = (request: SeenRequest) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** fetch stubbed with answers that may wait; FormData bodies are kept as they are. */
function stubAsyncApi(answer: Answer) {
  const requests: (SeenRequest & { form: FormData | null })[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const form = init?.body instanceof FormData ? init.body : null;
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      const request = { method: init?.method ?? 'GET', url: input, body, form };
      requests.push(request);
      const { status, body: answerBody } = await answer(request);
      const text = typeof answerBody === 'string' ? answerBody : JSON.stringify(answerBody);
      return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return requests;
}

function renderCard(
  server: GameServerWire,
  options: { isAdmin?: boolean; showAdminControls?: boolean; answer?: Answer; isVisible?: boolean } = {},
) {
  const requests = stubAsyncApi(
    options.answer ?? ((request) => ({ status: 200, body: request.method === 'GET' ? [server] : { message: 'ok' } })),
  );
  const view = renderInApp(
    <GameServerCard
      server={server}
      onlineColor="#00ff00"
      offlineColor="#ff0000"
      isAdmin={options.isAdmin ?? false}
      showAdminControls={options.showAdminControls ?? false}
      onEdit={() => undefined}
      onDelete={() => undefined}
    />,
    { configure: (client) => client.setQueryData(GAME_SERVERS_QUERY_KEY, [server]) },
  );
  if (options.isVisible !== false) act(() => io.setAllVisible(true));
  return { ...view, requests };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('Game server card', () => {
  it('shows a pulse placeholder until 10% of it is on screen, then the body for good', () => {
    renderCard(gameServer({ displayName: 'Survival' }), { isVisible: false });
    expect(screen.getByTestId('game-server-card-placeholder').className).toContain('animate-pulse');
    expect(screen.queryByRole('group', { name: 'Control Survival' })).toBeNull();
    expect(io.observers.map((observer) => observer.threshold)).toEqual([0.1]);

    act(() => io.setAllVisible(true));
    expect(screen.getByRole('group', { name: 'Control Survival' })).toBeTruthy();
    act(() => io.setAllVisible(false));
    expect(screen.queryByTestId('game-server-card-placeholder')).toBeNull();
  });

  it('shows the display name (else the name), players, CPU and RAM in GB with 2 decimals', () => {
    renderCard(
      gameServer({ displayName: null, name: 'Minecraft01', cpuUsage: 37.46, memoryUsage: 1536, maxMemory: 6144 }),
    );
    const card = screen.getByRole('article', { name: 'Minecraft01' });
    expect(within(card).getByTestId('players').textContent).toBe('3 / 20');
    expect(within(card).getByTestId('cpu').textContent).toBe('37.5%');
    expect(within(card).getByTestId('memory').textContent).toBe('1.50 / 6.00 GB');
  });

  it('hides the player count and status badge when their switches are off', () => {
    renderCard(gameServer({ displayName: 'Quiet', show_player_count: false, show_status_badge: false }));
    expect(screen.getByTestId('cpu')).toBeTruthy();
    expect(screen.queryByTestId('players')).toBeNull();
    expect(screen.queryByTestId('status-badge')).toBeNull();
  });

  it('paints the status badge in the configured online and offline colours', () => {
    renderCard(gameServer({ displayName: 'Down', status: false }));
    const badge = screen.getByTestId('status-badge');
    expect(badge.textContent).toBe('Offline');
    expect(badge.style.backgroundColor).toBe('#ff0000');
  });

  it('enables start only when offline, stop and restart only when online', () => {
    renderCard(gameServer({ displayName: 'Up', status: true }));
    expect(button('Start Up').disabled).toBe(true);
    expect(button('Stop Up').disabled).toBe(false);
    expect(button('Restart Up').disabled).toBe(false);
  });

  it('enables only start for an offline server', () => {
    renderCard(gameServer({ displayName: 'Down', status: false }));
    expect(button('Start Down').disabled).toBe(false);
    expect(button('Stop Down').disabled).toBe(true);
    expect(button('Restart Down').disabled).toBe(true);
  });

  it('disables every action without canControl, and shows none for a query-only server', () => {
    renderCard(gameServer({ displayName: 'Gone', status: false, canControl: false, missing: true }));
    expect(['Start Gone', 'Stop Gone', 'Restart Gone'].map((name) => button(name).disabled)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('shows no controls and no CPU or RAM on a query-only server', () => {
    renderCard(gameServer({ displayName: 'Watched', provider: 'query', canControl: false }));
    expect(screen.queryByRole('group', { name: 'Control Watched' })).toBeNull();
    expect(screen.queryByTestId('cpu')).toBeNull();
    expect(screen.getByTestId('players').textContent).toBe('3 / 20');
  });

  it('disables the actions while the request is pending, then toasts and refetches the list', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const server = gameServer({ displayName: 'Survival' });
    const { user, requests } = renderCard(server, {
      answer: async (request) => {
        if (request.method === 'GET') return { status: 200, body: [{ ...server, status: false }] };
        await answered;
        return { status: 200, body: { message: 'Server stop requested' } };
      },
    });
    await user.click(button('Stop Survival'));
    await waitFor(() => expect(button('Stop Survival').getAttribute('aria-busy')).toBe('true'));
    expect(['Start Survival', 'Stop Survival', 'Restart Survival'].map((name) => button(name).disabled)).toEqual([
      true,
      true,
      true,
    ]);
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/game-servers/instance-' + server.id + '/stop' });

    release();
    expect(await screen.findByText('Server Stopping')).toBeTruthy();
    expect(screen.getByText('Server stop requested')).toBeTruthy();
    // The refetched list says it is offline now: only Start is enabled.
    await waitFor(() => expect(button('Start Survival').disabled).toBe(false));
    expect(requests.filter((request) => request.method === 'GET')).toHaveLength(1);
  });

  it("toasts 'Error' with the server's message, or 'Failed to start server' without one", async () => {
    const server = gameServer({ displayName: 'Survival' });
    let refusal: { status: number; body: unknown } = { status: 502, body: { message: 'Instance is locked' } };
    const { user } = renderCard(server, {
      answer: (request) => (request.method === 'GET' ? { status: 200, body: [server] } : refusal),
    });
    await user.click(button('Restart Survival'));
    expect(await screen.findByText('Instance is locked')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();

    refusal = { status: 502, body: 'Bad Gateway' };
    await user.click(button('Restart Survival'));
    expect(await screen.findByText('Failed to start server')).toBeTruthy();
  });

  it("copies the address with 'Copied!', and offers no copy without an address", async () => {
    // user-event puts its own clipboard in place; the Clipboard API is used in secure contexts only.
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    const { user, unmount } = renderCard(gameServer({ displayName: 'Survival', address: 'play.example.test:25565' }));
    await user.click(button('Copy address of Survival'));
    expect(await screen.findByText('Copied!')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('play.example.test:25565');
    unmount();

    renderCard(gameServer({ displayName: 'Nowhere', address: null }));
    expect(screen.getByRole('group', { name: 'Control Nowhere' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Copy address/ })).toBeNull();
  });

  it('shows admins the hidden and missing badges and the last error; users see none of them', () => {
    const server = gameServer({ displayName: 'Old', hidden: true, missing: true, lastError: 'AMP timed out' });
    const { unmount } = renderCard(server, { isAdmin: true });
    expect(screen.getByTestId('hidden-badge').textContent).toBe('Hidden');
    expect(screen.getByTestId('missing-badge').textContent).toBe('Missing from panel');
    expect(screen.getByTestId('game-server-last-error').textContent).toBe('AMP timed out');
    unmount();

    renderCard(server, { isAdmin: false });
    expect(screen.queryByTestId('hidden-badge')).toBeNull();
    expect(screen.queryByText('Missing from panel')).toBeNull();
    expect(screen.queryByText('AMP timed out')).toBeNull();
  });

  it("says 'Failed to load game server information' when its view of the list fails", async () => {
    const server = gameServer({ displayName: 'Survival' });
    const { queryClient } = renderCard(server, { answer: () => ({ status: 500, body: { message: 'down' } }) });
    await act(() => queryClient.refetchQueries({ queryKey: GAME_SERVERS_QUERY_KEY }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load game server information');
    // The last known numbers stay readable.
    expect(screen.getByTestId('players').textContent).toBe('3 / 20');
  });
});

describe('Game server icon upload', () => {
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'icon.png', { type: 'image/png' });

  it("uploads the icon with the server's instanceId and id, then says 'Icon updated'", async () => {
    const server = gameServer({ id: 41, instanceId: 'abc-41', displayName: 'Survival' });
    const { user, requests } = renderCard(server, {
      isAdmin: true,
      showAdminControls: true,
      answer: (request) =>
        request.method === 'GET'
          ? { status: 200, body: [{ ...server, icon: '/uploads/game/new.png' }] }
          : { status: 200, body: { url: '/uploads/game/new.png' } },
    });
    expect(screen.getByTestId('game-icon-placeholder')).toBeTruthy();
    await user.upload(screen.getByLabelText('Icon file for Survival'), png());
    expect(await screen.findByText('Icon updated')).toBeTruthy();
    const upload = requests.find((request) => request.url === '/api/upload/game');
    expect(upload?.method).toBe('POST');
    expect(Object.fromEntries([...(upload?.form?.entries() ?? [])].filter(([, v]) => typeof v === 'string'))).toEqual({
      type: 'game',
      instanceId: 'abc-41',
      id: '41',
    });
    expect(upload?.form?.get('image')).toBeInstanceOf(File);
    await waitFor(() => expect(screen.getByTestId('game-icon').getAttribute('src')).toBe('/uploads/game/new.png'));
  });

  it("says 'Failed to upload icon' with the server's message, or alone without one", async () => {
    const server = gameServer({ displayName: 'Survival' });
    let refusal: { status: number; body: unknown } = { status: 400, body: { message: 'Game server not found' } };
    const { user } = renderCard(server, {
      isAdmin: true,
      showAdminControls: true,
      answer: (request) => (request.method === 'GET' ? { status: 200, body: [server] } : refusal),
    });
    await user.upload(screen.getByLabelText('Icon file for Survival'), png());
    expect(await screen.findByText('Game server not found')).toBeTruthy();
    expect(screen.getByText('Failed to upload icon')).toBeTruthy();

    refusal = { status: 500, body: 'not json' };
    await user.upload(screen.getByLabelText('Icon file for Survival'), png());
    await waitFor(() => expect(screen.queryByText('Game server not found')).toBeNull());
    expect(screen.getByText('Failed to upload icon')).toBeTruthy();
  });

  it('offers no upload to users, nor to admins with the admin controls hidden', () => {
    renderCard(gameServer({ displayName: 'Survival' }), { isAdmin: true, showAdminControls: false });
    expect(screen.queryByRole('button', { name: 'Upload icon for Survival' })).toBeNull();
  });
});
