import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOidcIssuer, type FakeOidcIssuer } from '../fakes/oidc-issuer';
import { startE2eApp, type E2eApp } from './harness';
import { menuItems, onPath, openUserMenu, toastRegion, visible } from './flows';

let app: E2eApp;
let issuer: FakeOidcIssuer;

beforeAll(async () => {
  issuer = await startFakeOidcIssuer();
  app = await startE2eApp({
    GOOGLE_CLIENT_ID: issuer.clientId,
    OIDC_ISSUER: issuer.issuer,
    OIDC_JWKS_URL: issuer.jwksUrl,
    OIDC_AUTH_URL: issuer.authUrl,
  });
});

afterAll(async () => {
  await app?.stop();
  await issuer?.close();
});

async function openAuthPage() {
  const opened = await app.newPage();
  await opened.page.goto('/auth');
  await visible(opened.page.getByRole('button', { name: 'Sign in with Google' }));
  return opened;
}

async function expectFailureToast(page: Awaited<ReturnType<typeof openAuthPage>>['page'], description: string) {
  const toasts = toastRegion(page);
  await visible(toasts.getByText('Authentication failed', { exact: true }));
  await visible(toasts.getByText(description, { exact: true }));
}

describe('Google sign-in through the popup', () => {
  it('signs the first Google account in as superadmin and lands on the dashboard', async () => {
    issuer.setNextAnswer({ kind: 'identity', sub: 'sub-first', email: 'first.google@example.test', name: 'First' });
    const { context, page } = await openAuthPage();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await visible(toastRegion(page).getByText('Google Sign-in Successful'));
    await onPath(page, '/');
    const items = await menuItems(await openUserMenu(page, 'first.google'));
    expect(items).toEqual(['Manage Users', 'Settings', 'Display', 'Logout']);

    const request = issuer.authorizeRequests[issuer.authorizeRequests.length - 1];
    expect(request?.get('client_id')).toBe(issuer.clientId);
    expect(request?.get('redirect_uri')).toBe(`${app.baseUrl}/auth/google-callback.html`);
    expect(request?.get('response_type')).toBe('id_token');
    expect(request?.get('scope')).toBe('openid email profile');
    expect(request?.get('prompt')).toBe('select_account');
    expect(request?.get('nonce')).toMatch(/^[0-9a-f]{32}$/);
    expect(request?.get('state')).toMatch(/^[0-9a-f]{32}$/);
    await context.close();
  });

  it("answers a new account that needs approval with 'Account Created' and the pending card", async () => {
    issuer.setNextAnswer({ kind: 'identity', sub: 'sub-second', email: 'second.google@example.test', name: 'Second' });
    const { context, page } = await openAuthPage();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await visible(toastRegion(page).getByText('Account Created', { exact: true }));
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('pending') === 'true');
    await visible(page.getByRole('heading', { name: 'Account Pending Approval' }));
    await context.close();
  });

  it('shows the server message when the server refuses the token', async () => {
    issuer.setNextAnswer({
      kind: 'identity',
      sub: 'sub-unverified',
      email: 'unverified@example.test',
      name: 'U',
      emailVerified: false,
    });
    const { context, page } = await openAuthPage();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expectFailureToast(page, 'Your Google account e-mail address is not verified');
    await onPath(page, '/auth');
    await context.close();
  });

  it('explains an unauthorized domain reported by the provider', async () => {
    issuer.setNextAnswer({ kind: 'error', error: 'unauthorized_client' });
    const { context, page } = await openAuthPage();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expectFailureToast(
      page,
      'This domain is not authorized for Google Sign-In. Please contact the administrator.',
    );
    await context.close();
  });

  it('falls back to the generic message for other provider errors', async () => {
    issuer.setNextAnswer({ kind: 'error', error: 'access_denied' });
    const { context, page } = await openAuthPage();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expectFailureToast(page, 'Could not sign in with Google. Please try again.');
    await context.close();
  });

  it('notices when the user closes the popup', async () => {
    issuer.setNextAnswer({ kind: 'wait' });
    const { context, page } = await openAuthPage();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    await visible(toastRegion(page).getByText('Connecting to Google'));
    await popup.close();
    await expectFailureToast(page, 'The sign-in popup was closed. Please try again.');
    await context.close();
  });

  it('reports a blocked popup', async () => {
    const { context, page } = await openAuthPage();
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expectFailureToast(page, 'Pop-up was blocked. Please allow pop-ups for this site and try again.');
    await context.close();
  });

  it('reports a network failure while talking to the server', async () => {
    issuer.setNextAnswer({ kind: 'identity', sub: 'sub-first', email: 'first.google@example.test', name: 'First' });
    const { context, page } = await openAuthPage();
    await page.route('**/api/auth/google', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expectFailureToast(page, 'Network error occurred. Please check your connection and try again.');
    await context.close();
  });

  it('offers no Google sign-in when the settings say it is not configured', async () => {
    const { context, page } = await app.newPage();
    // Same server, but the settings answer as on a server without a client id.
    // context.route, not page.route: once the service worker controls the page, page routes miss its fetches.
    let isSettingsAnswered = false;
    await context.route('**/api/settings', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, google_client_id: null, site_title: 'No Google Lab' } });
      isSettingsAnswered = true;
    });
    await page.goto('/auth');
    // The title from the altered answer proves the page renders with it.
    await visible(page.getByRole('heading', { name: 'No Google Lab' }));
    expect(isSettingsAnswered).toBe(true);
    await visible(page.getByRole('button', { name: 'Login', exact: true }));
    expect(await page.getByRole('button', { name: 'Sign in with Google' }).count()).toBe(0);
    expect(await page.getByText('Or continue with').count()).toBe(0);
    await context.close();
  });
});
