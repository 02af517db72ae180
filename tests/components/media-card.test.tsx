import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEDIA_MSG } from '#shared/schemas/media';
import { mediaService, offlineOrNot, onlineDetails, plexServer, stream, summary } from './media-fixtures';
import { renderMediaCard } from './media-card-render';

// The card loads the media panel's code on demand (issue 14). Importing it once here means the first test waits for
// the panel's first state, not for the test runner to transform the module on a busy machine.
beforeAll(async () => {
  await import('../../src/client/features/media/media-panel');
});

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('media card: states', () => {
  it('shows a skeleton with the placeholder libraries (Movies and TV Shows, 0) while loading', async () => {
    renderMediaCard('user');
    // The media panel's code loads on demand (issue 14), so its first state appears a moment after the card.
    expect((await screen.findByTestId('media-loading')).getAttribute('aria-busy')).toBe('true');
    const libraries = screen.getByTestId('media-libraries');
    expect(libraries.getAttribute('data-placeholder')).toBe('true');
    expect(
      within(libraries)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Movies0', 'TV Shows0']);
  });

  it("says 'Failed to load Plex server information' and 'Failed to load Plex info' when the calls fail", async () => {
    renderMediaCard('admin', {
      details: { status: 500, body: { message: 'boom' } },
      summary: { status: 502, body: { message: 'bad gateway' } },
    });
    expect(await screen.findByText(MEDIA_MSG.loadFailed)).toBeTruthy();
    expect(await screen.findByText(MEDIA_MSG.loadFailedShort)).toBeTruthy();
    expect(screen.queryByTestId('media-loading')).toBeNull();
  });

  it("shows an offline server's error as 'Error details' to admins", async () => {
    renderMediaCard('admin', {
      details: { status: 200, body: offlineOrNot('connect ECONNREFUSED 10.0.0.5:32400') },
    });
    expect(await screen.findByText(MEDIA_MSG.offline)).toBeTruthy();
    expect(screen.getByTestId('media-offline-reason').textContent).toBe(
      'Error details: connect ECONNREFUSED 10.0.0.5:32400',
    );
    expect(screen.getByTestId('media-panel').getAttribute('data-online')).toBe('false');
    // The summary may still count the streams of before; it must not contradict the offline state.
    expect(screen.queryByTestId('media-summary')).toBeNull();
  });

  it("shows an offline server's error as 'Reason' below admin", async () => {
    renderMediaCard('user', { details: { status: 200, body: offlineOrNot('Plex answered 401') } });
    expect(await screen.findByText(MEDIA_MSG.offline)).toBeTruthy();
    expect(screen.getByTestId('media-offline-reason').textContent).toBe('Reason: Plex answered 401');
  });

  it('says plainly that no media server is configured, with a Settings link for admins only', async () => {
    const notConfigured = {
      details: { status: 200, body: offlineOrNot(MEDIA_MSG.notConfigured) },
      server: { status: 200, body: plexServer({ configured: false, backend: null, invitations: false }) },
    };
    renderMediaCard('admin', notConfigured);
    expect((await screen.findByTestId('media-not-configured')).textContent).toBe(MEDIA_MSG.notConfigured);
    expect(screen.getByRole('link', { name: 'Set one up in Settings' }).getAttribute('href')).toBe('/settings#media');
    expect(screen.queryByText(MEDIA_MSG.offline)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(screen.queryByText(MEDIA_MSG.invitationsUnsupported)).toBeNull();
  });

  it('gives users below admin no Settings link when nothing is configured', async () => {
    renderMediaCard('user', { details: { status: 200, body: offlineOrNot(MEDIA_MSG.notConfigured) } });
    await screen.findByTestId('media-not-configured');
    expect(screen.queryByRole('link', { name: 'Set one up in Settings' })).toBeNull();
  });

  it('shows the summary line and the movie and show library counts when online', async () => {
    renderMediaCard('user');
    expect((await screen.findByTestId('media-summary')).textContent).toBe('2 streams · 1 playing · 1,290 items');
    await waitFor(() => expect(screen.getByTestId('media-libraries').getAttribute('data-placeholder')).toBeNull());
    expect(
      within(screen.getByTestId('media-libraries'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Movies1,234', 'TV Shows56']);
    expect(screen.getByTestId('media-panel').getAttribute('data-online')).toBe('true');
  });

  it('counts one stream and one item in the singular', async () => {
    renderMediaCard('user', {
      summary: { status: 200, body: summary({ activeStreamCount: 1, playing: 0, paused: 1, totalItems: 1 }) },
    });
    expect((await screen.findByTestId('media-summary')).textContent).toBe('1 stream · 0 playing · 1 item');
  });
});

describe('media card: streams, admin versus user', () => {
  const twoStreams = onlineDetails({
    streams: [
      stream(),
      stream({
        user: 'bob',
        device: 'iPhone',
        quality: '720p',
        title: 'The Office - Pilot',
        type: 'episode',
        state: 'paused',
        progress: 50,
        duration: 5_400_000,
        thumb: null,
      }),
    ],
  });

  it('lists stream details for admins: title, user, device, quality, thumbnail, state and times', async () => {
    renderMediaCard('admin', { details: { status: 200, body: twoStreams } });
    const rows = await screen.findAllByTestId('media-stream');
    expect(rows).toHaveLength(2);
    const [movie, episode] = rows as [HTMLElement, HTMLElement];

    expect(within(movie).getByText('Big Buck Bunny')).toBeTruthy();
    expect(within(movie).getByText('alice · Living Room TV · 1080p')).toBeTruthy();
    expect(within(movie).getByTestId('stream-thumb').getAttribute('src')).toBe(stream().thumb);
    expect(within(movie).getByRole('img', { name: 'Playing' }).getAttribute('class')).toContain('text-green');
    expect(within(movie).getByTestId('stream-time').textContent).toBe('2:00 / 10:00');
    expect(within(movie).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');

    expect(within(episode).getByText('bob · iPhone · 720p')).toBeTruthy();
    expect(within(episode).getByRole('img', { name: 'Paused' }).getAttribute('class')).toContain('text-amber');
    expect(within(episode).getByTestId('stream-time').textContent).toBe('45:00 / 1:30:00');
    // No thumbnail from the server: the placeholder icon.
    expect(within(episode).getByTestId('stream-thumb-placeholder')).toBeTruthy();
  });

  it('replaces a thumbnail that fails to load with the placeholder icon', async () => {
    renderMediaCard('admin', { details: { status: 200, body: onlineDetails({ streams: [stream()] }) } });
    fireEvent.error(await screen.findByTestId('stream-thumb'));
    expect(await screen.findByTestId('stream-thumb-placeholder')).toBeTruthy();
    expect(screen.queryByTestId('stream-thumb')).toBeNull();
  });

  it('shows users below admin only the count of streams', async () => {
    // The server sends no details below admin, only the count.
    renderMediaCard('user', {
      details: { status: 200, body: onlineDetails({ streams: [], activeStreamCount: 2 }) },
    });
    expect((await screen.findByTestId('media-stream-count')).textContent).toBe('2 active streams');
    expect(screen.queryByTestId('media-streams')).toBeNull();
  });

  it("shows 'No active players' to admins only while the admin controls are shown (Ctrl/Cmd+H)", async () => {
    const idle = { details: { status: 200, body: onlineDetails() } };
    const shown = renderMediaCard('admin', idle, { showAdminControls: true });
    expect(await screen.findByText('No active players')).toBeTruthy();
    shown.unmount();

    renderMediaCard('admin', idle, { showAdminControls: false });
    await screen.findByTestId('media-libraries');
    await waitFor(() => expect(screen.getByTestId('media-panel').getAttribute('data-online')).toBe('true'));
    expect(screen.queryByText('No active players')).toBeNull();
  });

  it("never shows 'No active players' below admin", async () => {
    renderMediaCard('user', { details: { status: 200, body: onlineDetails() } }, { showAdminControls: true });
    await waitFor(() => expect(screen.getByTestId('media-panel').getAttribute('data-online')).toBe('true'));
    expect(screen.queryByText('No active players')).toBeNull();
    expect(screen.queryByTestId('media-stream-count')).toBeNull();
  });
});

describe('media card: progress ticking', () => {
  it('advances playing streams every 1000 ms by 1000 / duration × 100 percent, and leaves paused ones', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderMediaCard('admin', {
      details: {
        status: 200,
        body: onlineDetails({ streams: [stream(), stream({ title: 'Paused one', state: 'paused' })] }),
      },
    });
    const [playing, paused] = (await screen.findAllByTestId('media-stream')) as [HTMLElement, HTMLElement];
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(within(playing).getByTestId('stream-time').textContent).toBe('2:03 / 10:00');
    expect(within(playing).getByTestId('stream-progress').style.width).toBe(`${20 + 3 * (1000 / 600_000) * 100}%`);
    expect(within(paused).getByTestId('stream-time').textContent).toBe('2:00 / 10:00');
    expect(within(paused).getByTestId('stream-progress').style.width).toBe('20%');
  });

  it('caps the progress at 100 percent', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderMediaCard('admin', {
      details: { status: 200, body: onlineDetails({ streams: [stream({ progress: 99.9, duration: 60_000 })] }) },
    });
    const row = await screen.findByTestId('media-stream');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(within(row).getByTestId('stream-progress').style.width).toBe('100%');
    expect(within(row).getByTestId('stream-time').textContent).toBe('1:00 / 1:00');
  });

  it('starts again from the server when new data arrives', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { api, queryClient } = renderMediaCard('admin', {
      details: { status: 200, body: onlineDetails({ streams: [stream()] }) },
    });
    await screen.findByTestId('media-stream');
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByTestId('stream-time').textContent).toBe('2:04 / 10:00');

    api.details = { status: 200, body: onlineDetails({ streams: [stream({ progress: 50 })] }) };
    await act(() => queryClient.refetchQueries({ queryKey: ['/api/services/plex/details'] }));
    await waitFor(() => expect(screen.getByTestId('stream-time').textContent).toBe('5:00 / 10:00'));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('stream-time').textContent).toBe('5:01 / 10:00');
  });
});

describe('media card: polling and auto-refresh', () => {
  it('polls details and server info every 15 s and the helper calls every 20 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { calls } = renderMediaCard('user');
    await screen.findByTestId('media-summary');
    await waitFor(() => expect(calls('/api/services/plex/invitations/mine')).toBe(1));
    expect([calls('/api/services/plex/details'), calls('/api/services/plex/server')]).toEqual([1, 1]);
    expect(calls('/api/services/plex/summary')).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await waitFor(() => expect(calls('/api/services/plex/details')).toBe(2));
    expect(calls('/api/services/plex/server')).toBe(2);
    expect(calls('/api/services/plex/summary')).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(calls('/api/services/plex/summary')).toBe(2));
    expect(calls('/api/services/plex/invitations/mine')).toBe(2);
  });

  it("stops polling the details when auto-refresh is switched off, and remembers the choice as 'mediaAutoRefresh'", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { calls, user } = renderMediaCard('user');
    await screen.findByTestId('media-summary');
    const toggle = screen.getByRole('switch', { name: 'Auto-refresh' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(window.localStorage.getItem('mediaAutoRefresh')).toBe('false');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(calls('/api/services/plex/details')).toBe(1);

    await user.click(toggle);
    expect(window.localStorage.getItem('mediaAutoRefresh')).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await waitFor(() => expect(calls('/api/services/plex/details')).toBe(2));
  });

  it('starts with auto-refresh off when the browser remembers it off', async () => {
    window.localStorage.setItem('mediaAutoRefresh', 'false');
    renderMediaCard('user');
    await screen.findByTestId('media-summary');
    expect(screen.getByRole('switch', { name: 'Auto-refresh' }).getAttribute('aria-checked')).toBe('false');
  });
});

describe('media card: Join', () => {
  it('offers Join when the back end takes invitations', async () => {
    renderMediaCard('user');
    expect(await screen.findByRole('button', { name: 'Join' })).toBeTruthy();
    expect(screen.queryByText(MEDIA_MSG.invitationsUnsupported)).toBeNull();
  });

  it('says Jellyfin has no e-mail invitations instead of offering Join', async () => {
    renderMediaCard('user', {
      server: { status: 200, body: plexServer({ backend: 'jellyfin', name: 'Jellyfin', invitations: false }) },
    });
    expect(await screen.findByText(MEDIA_MSG.invitationsUnsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('has no media panel on other cards, and asks nothing of the media server', () => {
    const { requests } = renderMediaCard(
      'admin',
      {},
      { service: mediaService({ name: 'Grafana', mediaServer: false }) },
    );
    expect(screen.queryByTestId('media-panel')).toBeNull();
    expect(requests.filter((request) => request.url.startsWith('/api/services/plex/'))).toHaveLength(0);
  });
});
