import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JellyfinSettingsWire, PlexSettingsWire } from '#shared/schemas/integrations';
import { INTEGRATION_FIELD_LABELS, INTEGRATION_MSG } from '#shared/schemas/integrations';
import { AmpSettingsSection } from '../../src/client/features/integration-settings/amp-settings-section';
import { MediaSettingsSection } from '../../src/client/features/media/media-settings-section';
import { invitation } from './media-fixtures';
import { renderInApp, stubApi, type SeenRequest } from './render';

const PLEX: PlexSettingsWire = {
  url: 'http://plex.lan:32400',
  token_set: true,
  tv_url: null,
  share_libraries: null,
  configured: true,
  source: 'settings',
};
const JELLYFIN: JellyfinSettingsWire = { url: null, api_key_set: false, configured: false, source: 'none' };

function renderSection(
  answer: (request: SeenRequest) => { status: number; body: unknown } | undefined = () => undefined,
) {
  const requests = stubApi((request) => {
    const special = answer(request);
    if (special) return special;
    if (request.method === 'PATCH') return { status: 200, body: request.url.endsWith('/plex') ? PLEX : JELLYFIN };
    switch (request.url) {
      case '/api/integrations/plex':
        return { status: 200, body: PLEX };
      case '/api/integrations/jellyfin':
        return { status: 200, body: JELLYFIN };
      case '/api/services/plex/invitations':
        return {
          status: 200,
          body: [
            invitation({
              id: 2,
              email: 'nope@example.test',
              result: 'failed',
              message: 'plex.tv refused: invalid address',
              invitedBy: { id: 4, username: 'carol' },
            }),
            invitation({ id: 1, invitedBy: null }),
          ],
        };
      default:
        return { status: 404, body: { message: 'Not found' } };
    }
  });
  const view = renderInApp(<MediaSettingsSection />, { settings: { media_backend: 'plex' } });
  const sent = (method: string, url: string) =>
    requests.filter((request) => request.method === method && request.url === url);
  return { ...view, requests, sent };
}

describe('Media server settings section', () => {
  it('shows the stored Plex values, never the token, only whether one is stored', async () => {
    renderSection();
    const plex = await screen.findByRole('form', { name: 'Plex settings' });
    expect(within(plex).getByLabelText<HTMLInputElement>('Plex URL').value).toBe('http://plex.lan:32400');
    const token = within(plex).getByLabelText<HTMLInputElement>('Plex Token');
    expect(token.value).toBe('');
    expect(token.type).toBe('password');
    expect(token.placeholder).toBe('A token is stored');
    expect(within(plex).getByText('Leave empty to keep the stored token.')).toBeTruthy();
    const jellyfin = await screen.findByRole('form', { name: 'Jellyfin settings' });
    expect(within(jellyfin).getByLabelText<HTMLInputElement>('Jellyfin API Key').placeholder).toBe('');
    expect(within(jellyfin).getByText('Not configured: Jellyfin needs a URL and an API key.')).toBeTruthy();
  });

  it('saves Plex without the token while its field stays empty, and with it once typed', async () => {
    const { user, sent } = renderSection();
    const plex = await screen.findByRole('form', { name: 'Plex settings' });
    await user.type(within(plex).getByLabelText('Libraries to share'), 'Movies, Kids');
    await user.click(within(plex).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('PATCH', '/api/integrations/plex')).toHaveLength(1));
    expect(sent('PATCH', '/api/integrations/plex')[0]?.body).toEqual({
      url: 'http://plex.lan:32400',
      tv_url: null,
      share_libraries: 'Movies, Kids',
    });
    expect(await screen.findByText('Plex settings saved')).toBeTruthy();

    const again = await screen.findByRole('form', { name: 'Plex settings' });
    await user.type(within(again).getByLabelText('Plex Token'), 'new-token');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('PATCH', '/api/integrations/plex')).toHaveLength(2));
    expect(sent('PATCH', '/api/integrations/plex')[1]?.body).toMatchObject({ token: 'new-token' });
  });

  it('asks for the stored token again once an address points to another server, not for another path', async () => {
    const { user } = renderSection();
    const plex = await screen.findByRole('form', { name: 'Plex settings' });
    const token = within(plex).getByLabelText<HTMLInputElement>('Plex Token');
    const url = within(plex).getByLabelText('Plex URL');
    await user.type(url, '/web');
    expect(token.placeholder).toBe('A token is stored');

    await user.clear(url);
    await user.type(url, 'http://elsewhere.lan:32400');
    expect(token.placeholder).toBe('Enter again for the new address');
    expect(within(plex).getByText('A saved secret is only sent to the address it was saved with.')).toBeTruthy();

    // plex.tv gets the token too: a new plex.tv address asks for it as well.
    await user.clear(url);
    await user.type(url, 'http://plex.lan:32400');
    expect(token.placeholder).toBe('A token is stored');
    await user.type(within(plex).getByLabelText('plex.tv URL'), 'http://plextv.lan:8443');
    expect(token.placeholder).toBe('Enter again for the new address');
  });

  it('refuses an invisible character in the API key with the server’s message before sending anything', async () => {
    const { user, sent } = renderSection();
    const jellyfin = await screen.findByRole('form', { name: 'Jellyfin settings' });
    await user.type(within(jellyfin).getByLabelText('Jellyfin URL'), 'http://jellyfin.lan:8096');
    await user.type(within(jellyfin).getByLabelText('Jellyfin API Key'), '\uFEFFkey-123');
    await user.click(within(jellyfin).getByRole('button', { name: 'Save' }));
    expect(
      await within(jellyfin).findByText(INTEGRATION_MSG.invisibleCharacter(INTEGRATION_FIELD_LABELS.jellyfin.api_key)),
    ).toBeTruthy();
    expect(sent('PATCH', '/api/integrations/jellyfin')).toHaveLength(0);
  });

  it("checks the URL with the shared contract's message before sending anything", async () => {
    const { user, sent } = renderSection();
    const plex = await screen.findByRole('form', { name: 'Plex settings' });
    const url = within(plex).getByLabelText('Plex URL');
    await user.clear(url);
    await user.type(url, 'ftp://plex.lan');
    await user.click(within(plex).getByRole('button', { name: 'Save' }));
    expect(await within(plex).findByText(INTEGRATION_MSG.plexUrlInvalid)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(sent('PATCH', '/api/integrations/plex')).toHaveLength(0);
  });

  it("tests the typed Jellyfin values and shows the server's answer or its error", async () => {
    let outcome = { status: 200, body: { message: 'Connected: Jellyfin Server 10.9.7' } };
    const { user, sent } = renderSection((request) =>
      request.url === '/api/integrations/jellyfin/test' ? outcome : undefined,
    );
    const jellyfin = await screen.findByRole('form', { name: 'Jellyfin settings' });
    await user.type(within(jellyfin).getByLabelText('Jellyfin URL'), 'http://jellyfin.lan:8096');
    await user.type(within(jellyfin).getByLabelText('Jellyfin API Key'), 'key-123');
    await user.click(within(jellyfin).getByRole('button', { name: 'Test connection' }));
    expect((await within(jellyfin).findByRole('status')).textContent).toBe('Connected: Jellyfin Server 10.9.7');
    expect(sent('POST', '/api/integrations/jellyfin/test')[0]?.body).toEqual({
      url: 'http://jellyfin.lan:8096',
      api_key: 'key-123',
    });

    outcome = { status: 502, body: { message: 'Jellyfin refused the API key' } };
    await user.click(within(jellyfin).getByRole('button', { name: 'Test connection' }));
    expect((await within(jellyfin).findByRole('alert')).textContent).toBe('Jellyfin refused the API key');
    expect(sent('PATCH', '/api/integrations/jellyfin')).toHaveLength(0);
  });

  it('switches the active back end at once with PATCH /api/settings media_backend', async () => {
    const { user, sent } = renderSection((request) =>
      request.url === '/api/settings' ? { status: 200, body: { id: 1, media_backend: 'jellyfin' } } : undefined,
    );
    const select = screen.getByTestId('media-backend-select');
    expect(select.textContent).toBe('Plex');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Jellyfin' }));
    await waitFor(() => expect(sent('PATCH', '/api/settings')).toHaveLength(1));
    expect(sent('PATCH', '/api/settings')[0]?.body).toEqual({ media_backend: 'jellyfin' });
  });

  it('lists recent invitations for admins: address, result, who asked, and the reason of a failure', async () => {
    renderSection();
    const list = await screen.findByTestId('media-invitations');
    const [failed, sentOne] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(failed.textContent).toContain('nope@example.test');
    expect(failed.textContent).toContain('Failed');
    expect(failed.textContent).toContain('by carol');
    expect(failed.textContent).toContain('plex.tv refused: invalid address');
    expect(sentOne.textContent).toContain('friend@example.test');
    expect(sentOne.textContent).toContain('Sent');
    expect(sentOne.textContent).toContain('by a deleted account');
  });
});

describe('AMP settings section (the same form)', () => {
  it('still saves AMP without the password while its field stays empty', async () => {
    const amp = {
      url: 'http://amp.lan:8080',
      username: 'admin',
      password_set: true,
      configured: true,
      source: 'settings',
    };
    const requests = stubApi(() => ({ status: 200, body: amp }));
    const { user } = renderInApp(<AmpSettingsSection />);
    const form = await screen.findByRole('form', { name: 'AMP settings' });
    expect(within(form).getByLabelText<HTMLInputElement>('AMP Password').placeholder).toBe('A password is stored');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      url: 'http://amp.lan:8080',
      username: 'admin',
    });
  });
});
