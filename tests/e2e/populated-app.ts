import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiFromPage, makeAccount, onPath, registerViaUi, visible, type Account } from './flows';
import { startE2eApp, type E2eApp } from './harness';
import { createServiceViaApi, patchSettings, serviceCard } from './services-helpers';

// A server filled like a small real homelab, for the layout and accessibility checks of every screen: a
// superadmin, an 'admin' (only that role manages e-mail templates), an account waiting for approval, an online,
// an offline and an NSFW service with uptime statistics, and a Discord invite so the fixed button shows.

/** The accounts of a populated app, by what they may see. */
export type PopulatedRole = 'superadmin' | 'admin' | 'pending';

/** The service names on the dashboard, in creation order (the last one is the grid's last card). */
export const POPULATED_SERVICES = ['Plex', 'Home Assistant', 'Private Vault'] as const;

/** A running populated app. */
export interface PopulatedApp {
  app: E2eApp;
  accounts: Record<PopulatedRole, Account>;
  /**
   * A fresh context signed in as this account ('visitor': signed out), at this size, with this stored theme
   * when given; `bypassCsp` lets a test inject a script such as axe-core past the page's CSP.
   */
  pageAs(
    role: PopulatedRole | 'visitor',
    viewport: { width: number; height: number },
    options?: { theme?: 'dark' | 'light'; bypassCsp?: boolean },
  ): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

/** Starts a server (`npm run build` first) and fills it through the API as its first account. */
export async function startPopulatedApp(prefix: string): Promise<PopulatedApp> {
  const app = await startE2eApp();
  const accounts: Record<PopulatedRole, Account> = {
    superadmin: makeAccount(`${prefix}-owner`),
    admin: makeAccount(`${prefix}-admin`),
    pending: makeAccount(`${prefix}-waiting`),
  };
  const states = new Map<PopulatedRole, Awaited<ReturnType<BrowserContext['storageState']>>>();
  try {
    const owner = await app.newPage();
    await registerViaUi(owner.page, accounts.superadmin);
    await onPath(owner.page, '/');
    await patchSettings(owner.page, {
      discord_url: 'https://discord.example/invite/lab',
      show_uptime_log: true,
      admin_show_uptime_log: true,
    });
    // The app itself answers 200, so Plex is checked online; the other two stay offline.
    await createServiceViaApi(owner.page, { name: 'Plex', url: `${app.baseUrl}/`, refreshInterval: 5 });
    await createServiceViaApi(owner.page, { name: 'Home Assistant', url: 'https://ha.invalid' });
    await createServiceViaApi(owner.page, { name: 'Private Vault', url: 'https://vault.invalid', isNSFW: true });
    states.set('superadmin', await owner.context.storageState());

    for (const [role, id] of [
      ['admin', 2],
      ['pending', 3],
    ] as const) {
      const session = await app.newPage();
      await registerViaUi(session.page, accounts[role]);
      await onPath(session.page, '/pending');
      if (role === 'admin') {
        const approved = await apiFromPage(owner.page, 'PATCH', `/api/users/${id}`, { id, approved: true, role });
        expect(approved.status, approved.text).toBe(200);
        // Approving a pending account keeps its session (0002): its next page load reaches the dashboard.
        await session.page.goto('/');
        await onPath(session.page, '/');
        await visible(serviceCard(session.page, 'Plex'));
      }
      states.set(role, await session.context.storageState());
      await session.context.close();
    }
    await owner.context.close();
  } catch (error) {
    await app.stop();
    throw error;
  }

  return {
    app,
    accounts,
    async pageAs(role, viewport, { theme, bypassCsp = false } = {}) {
      const context = await app.newContext({
        viewport,
        bypassCSP: bypassCsp,
        ...(role === 'visitor' ? {} : { storageState: states.get(role) }),
      });
      if (theme) await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
      const page = await context.newPage();
      return { context, page };
    },
    stop: () => app.stop(),
  };
}
