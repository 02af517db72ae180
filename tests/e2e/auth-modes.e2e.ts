import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server';
import { startE2eApp, type E2eApp } from './harness';
import { apiFromPage, loginViaUi, makeAccount, onPath, registerViaUi, toastRegion, visible } from './flows';

let app: E2eApp;
let smtp: FakeSmtp;
const MODES_TITLE = 'Modes Lab';

beforeAll(async () => {
  smtp = await startFakeSmtp();
  app = await startE2eApp({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'none',
    SMTP_FROM: 'lab@example.test',
  });
  // The first account is the superadmin; it lets later accounts in at once, so every flow here ends on the dashboard.
  const { context, page } = await app.newPage();
  await registerViaUi(page, makeAccount('modes-admin'));
  await onPath(page, '/');
  expect((await apiFromPage(page, 'PATCH', '/api/settings', { defaultRole: 'user' })).status).toBe(200);
  // A title of its own shows when /auth has read the settings.
  expect((await apiFromPage(page, 'PATCH', '/api/settings', { site_title: MODES_TITLE })).status).toBe(200);
  await context.close();
});

afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

describe('/auth modes', () => {
  it('switches between modes with its links and clears the forms when it does', async () => {
    const { context, page } = await app.newPage();
    await page.goto('/auth');
    await visible(page.getByRole('heading', { name: MODES_TITLE }));
    await visible(page.getByRole('button', { name: 'Login', exact: true }));
    // This server has no Google client id, so GET /api/settings says so and the login mode offers no Google sign-in.
    expect(await page.getByRole('button', { name: 'Sign in with Google' }).count()).toBe(0);
    expect(await page.getByText('Or continue with').count()).toBe(0);
    await page.getByLabel('Username or Email').fill('someone');

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await visible(page.getByLabel('Email Address'));
    await visible(page.getByRole('button', { name: 'Reset Password' }));
    await page.getByLabel('Email Address').fill('someone@example.test');

    await page.getByRole('button', { name: 'Back to Login' }).click();
    expect(await page.getByLabel('Username or Email').inputValue()).toBe('');

    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel('Username', { exact: true }).fill('typed');
    await page.getByRole('button', { name: 'Already have an account? Login' }).click();
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe('');

    // The page hides body scrolling while shown and gives it back when left.
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.evaluate(() => {
      history.pushState(null, '', '/no-such-page');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await context.close();
  });

  it('disables the Login button while a sign-in is in progress', async () => {
    const { context, page } = await app.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isRequestSeen = false;
    await page.route('**/api/login', async (route) => {
      isRequestSeen = true;
      await held;
      await route.continue();
    });
    await loginViaUi(page, 'someone', 'wrong-password');
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find(
        (element) => element.textContent?.trim() === 'Login',
      );
      return button?.disabled === true;
    });
    expect(isRequestSeen).toBe(true);
    release();
    await visible(toastRegion(page).getByText('Login failed', { exact: true }));
    expect(await page.getByRole('button', { name: 'Login', exact: true }).isEnabled()).toBe(true);
    await context.close();
  });

  it('validates the register form with the shared schema messages', async () => {
    const { context, page } = await app.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel('Username', { exact: true }).fill('shorty');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await visible(page.getByText('Please enter a valid email address'));
    await visible(page.getByText('Password must be at least 6 characters'));
    await onPath(page, '/auth');
    await context.close();
  });

  it("shows the server's message in the 'Registration failed' toast", async () => {
    const taken = makeAccount('taken-name');
    const first = await app.newPage();
    await registerViaUi(first.page, taken);
    await onPath(first.page, '/');
    await first.context.close();

    const { context, page } = await app.newPage();
    await registerViaUi(page, { ...taken, email: 'other-address@example.test' });
    const toasts = toastRegion(page);
    await visible(toasts.getByText('Registration failed', { exact: true }));
    await visible(toasts.getByText('Username already exists', { exact: true }));
    await onPath(page, '/auth');

    // A server with registration closed answers 403 with its reason (DESIGN); the toast shows it as sent.
    await page.route('**/api/register', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Registration is closed' }),
      }),
    );
    await page.getByLabel('Username', { exact: true }).fill('latecomer');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await visible(toasts.getByText('Registration is closed', { exact: true }));
    await context.close();
  });

  it('opens reset mode from ?tab=reset, validates the address and confirms a request', async () => {
    const { context, page } = await app.newPage();
    await page.goto('/auth?tab=reset');
    await page.getByLabel('Email Address').fill('nope');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(page.getByText('Please enter a valid email address'));

    await page.getByLabel('Email Address').fill('nobody@example.test');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(
      toastRegion(page).getByText('If an account exists with this email, you will receive reset instructions.'),
    );
    // Back in login mode.
    await visible(page.getByLabel('Username or Email'));
    await context.close();
  });

  it('shows the pending card for ?pending=true, with a way back to the login form', async () => {
    const { context, page } = await app.newPage();
    await page.goto('/auth?pending=true');
    await visible(page.getByRole('heading', { name: 'Account Pending Approval' }));
    await visible(page.getByText(/needs administrator approval/));
    await visible(page.getByText(/check back later or contact the administrator/));
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '');
    await visible(page.getByLabel('Username or Email'));
    await context.close();
  });

  it('puts a user signed in by a reset link into change-password mode, validates it, then back to login mode', async () => {
    const owner = makeAccount('resetter');
    const { context, page } = await app.newPage();
    await registerViaUi(page, owner);
    await onPath(page, '/');
    await context.clearCookies();

    const before = smtp.inbox.length;
    await page.goto('/auth?tab=reset');
    await page.getByLabel('Email Address').fill(owner.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const inbox = await smtp.waitFor(before + 1, 15_000);
    const text = inbox[inbox.length - 1]?.mail.text ?? '';
    const link = /https?:\/\/\S+\/api\/reset-password\/[\w-]+/.exec(text)?.[0];
    expect(link).toBeDefined();

    await page.goto(link ?? '');
    await onPath(page, '/auth');
    await visible(page.getByLabel('New Password'));
    // Until the password is changed, the dashboard sends the user back here.
    await page.goto('/');
    await onPath(page, '/auth');

    await page.getByLabel('New Password').fill('12345');
    await page.getByLabel('Confirm Password').fill('12345');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await visible(page.getByText('Password must be at least 6 characters'));

    await page.getByLabel('New Password').fill('brand-new-pw');
    await page.getByLabel('Confirm Password').fill('brand-new-pX');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await visible(page.getByText("Passwords don't match"));

    await page.getByLabel('Confirm Password').fill('brand-new-pw');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await visible(toastRegion(page).getByText('Your password has been updated successfully.'));
    // SPEC section 2: the screen returns to login mode; the change ended the session, so it stays there.
    await visible(page.getByLabel('Username or Email'));
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect((await apiFromPage(page, 'GET', '/api/user')).status).toBe(401);
    await page.goto('/');
    await onPath(page, '/auth');

    await page.getByLabel('Username or Email').fill(owner.username);
    await page.getByLabel('Password', { exact: true }).fill('brand-new-pw');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await onPath(page, '/');
    await context.close();
  });
});
