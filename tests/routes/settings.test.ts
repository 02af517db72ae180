import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedTrackingCode, trackingScriptSources } from '../../src/shared/schemas/settings.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app);
  admin = await actors.admin.signIn();
});
afterAll(async () => {
  await app.close();
});

describe('PATCH /api/settings from the Settings page', () => {
  it('saves branding and display flags, and everyone sees the branding at once', async () => {
    const response = await admin.patch('/api/settings', {
      site_title: 'Basement Lab',
      login_description: 'Our lab.',
      font_family: 'Fira Sans',
      online_color: '#00ff00',
      offline_color: '#ff0000',
      logo_url: 'https://cdn.lab/logo.png',
      favicon_url: '/uploads/site/0123456789abcdef0123456789abcdef.png',
      discord_url: 'https://discord.gg/abc',
      show_service_url: false,
      admin_show_uptime_log: true,
    });
    expect(response.status).toBe(200);
    const anonymous = await app.client().get('/api/settings');
    expect(anonymous.body).toMatchObject({
      site_title: 'Basement Lab',
      login_description: 'Our lab.',
      font_family: 'Fira Sans',
      onlineColor: '#00ff00',
      offlineColor: '#ff0000',
      logo_url: 'https://cdn.lab/logo.png',
      favicon_url: '/uploads/site/0123456789abcdef0123456789abcdef.png',
      discord_url: 'https://discord.gg/abc',
    });
    const user = await (await actors.user.signIn()).get('/api/settings');
    expect(user.body.show_service_url).toBe(false);
    expect((await admin.get('/api/settings')).body.admin_show_uptime_log).toBe(true);
  });

  it.each([
    [{ online_color: 'red' }, /Colours/],
    [{ site_title: '' }, /Site title/],
    [{ discord_url: 'javascript:alert(1)' }, /valid URL/],
    [{ logo_url: 'data:image/png;base64,AAAA' }, /uploaded image/],
    [{ font_family: 'x;}</style><script>' }, /Font family/],
    [{ tracking_code: '<script>alert(1)</script>' }, /Tracking code/],
    [{ tracking_code: '<img src=x onerror=alert(1)>' }, /Tracking code/],
    [{ show_status_badge: 'yes' }, /./],
    [{ password: 'x' }, /Unrecognized key/],
  ])('refuses %j', async (body, message) => {
    const before = await admin.get('/api/settings');
    const response = await admin.patch('/api/settings', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect((await admin.get('/api/settings')).body).toEqual(before.body);
  });

  it('lets users and pending accounts change nothing', async () => {
    expect((await (await actors.user.signIn()).patch('/api/settings', { site_title: 'Mine' })).status).toBe(403);
    expect((await (await actors.pending.signIn()).patch('/api/settings', { site_title: 'Mine' })).status).toBe(403);
    expect((await app.client().patch('/api/settings', { site_title: 'Mine' })).status).toBe(401);
  });
});

describe('tracking code policy', () => {
  it('adds the tracking script origin to the CSP once saved, and removes it when cleared', async () => {
    const code = '<script defer data-domain="lab.example" src="https://plausible.io/js/script.js"></script>';
    expect((await admin.patch('/api/settings', { tracking_code: code })).status).toBe(200);
    const withCode = await app.client().get('/api/settings');
    expect(withCode.headers.get('content-security-policy')).toContain("script-src 'self' https://plausible.io");
    expect((await admin.get('/api/settings')).body.tracking_code).toBe(code);
    expect((await admin.patch('/api/settings', { tracking_code: null })).status).toBe(200);
    const cleared = await app.client().get('/api/settings');
    expect(cleared.headers.get('content-security-policy')).toContain("script-src 'self';");
  });

  it('allows only external https script tags', () => {
    const plausible = '<script defer data-domain="lab.example" src="https://plausible.io/js/script.js"></script>';
    expect(isAllowedTrackingCode(plausible)).toBe(true);
    expect(
      isAllowedTrackingCode(`${plausible}\n<script async src="https://umami.lab/u.js" data-website-id="x"></script>`),
    ).toBe(true);
    expect(trackingScriptSources(plausible)).toEqual(['https://plausible.io/js/script.js']);
    expect(isAllowedTrackingCode('<script src="http://insecure.lab/x.js"></script>')).toBe(false);
    expect(isAllowedTrackingCode('<script defer></script>')).toBe(false);
    expect(isAllowedTrackingCode('<script src="https://a.b/x.js" onload="alert(1)"></script>')).toBe(false);
    expect(isAllowedTrackingCode(`${plausible}<script>alert(1)</script>`)).toBe(false);
  });
});
