// Configuration as code covers issue 16's settings: check settings, public badges, status pages (with notes) and
// maintenance windows, in version 2 of the document; version 1 files still import. Runs on SQLite, and on
// PostgreSQL under scripts/with-postgres.sh (DATABASE_URL set: every app gets a database of its own).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { CONFIG_MSG, type ConfigImportWire } from '../../src/shared/schemas/config-transfer.ts';
import { MAINTENANCE_MSG } from '../../src/shared/schemas/maintenance.ts';
import { STATUS_PAGE_MSG } from '../../src/shared/schemas/status-pages.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import { addAmpServer, configLabs, exportYaml, importYaml, ok, sectionOf, type Lab } from '../helpers/config-lab.ts';
import type { TestClient } from '../helpers/http-client.ts';

// A credential header's value: never exported, never in a diff.
const AUTH = 'Bearer lab-Secret-header-5';
const WEB_CHECK = {
  method: 'POST',
  headers: { Accept: 'application/json', Authorization: AUTH },
  body: '{"ping":true}',
  conditions: ['[STATUS] == 200', '[BODY].status == UP', '[RESPONSE_TIME] < 500'],
  failureThreshold: 3,
  recoveryThreshold: 2,
};

interface ServiceView {
  id: number;
  name: string;
  url: string;
  check?: Record<string, unknown> | null;
}
interface WindowView {
  name: string;
  timeZone: string;
  schedule: unknown;
  serviceIds: number[];
}
interface PublicPageView {
  title: string;
  services: { name: string }[];
  gameServers: { name: string }[];
  notes: { title: string; body: string; createdAt: string }[];
}
type Entry = Record<string, unknown>;
type MonitoringFile = Entry & {
  services: (Entry & { check: Entry | null })[];
  statusPages: Entry[];
  maintenanceWindows: Entry[];
};

const labs = configLabs();
afterAll(labs.close);

async function servicesOf(client: TestClient): Promise<ServiceView[]> {
  return (await ok(client.get<ServiceView[]>('/api/services'))).body;
}

/** A lab with a check of every kind, two public badges, two status pages (one with notes) and two windows. */
async function populate(lab: Lab): Promise<{ pushUrl: string }> {
  const { admin } = lab;
  await addAmpServer(lab);
  const add = async (body: Entry) => (await ok(admin.post<ServiceView>('/api/services', body), 201)).body;
  const web = await add({ name: 'Web', url: 'http://127.0.0.1:9/health', check: WEB_CHECK });
  const tcp = await add({ name: 'Grafana', url: 'tcp://127.0.0.1:9', check: { conditions: ['[CONNECTED] == true'] } });
  const dns = await add({
    name: 'Grafana',
    url: 'dns://127.0.0.1:9',
    check: { query: { name: 'lab.test', type: 'A' }, conditions: ['[DNS_RCODE] == NOERROR'] },
  });
  await add({
    name: 'Cert',
    url: 'tls://127.0.0.1:9',
    check: { insecure: true, conditions: ['[CERTIFICATE_EXPIRATION] > 168h'] },
  });
  const backup = (
    await ok(
      admin.post<ServiceView & { pushUrl: string }>('/api/services', {
        name: 'Backup',
        url: 'push://backup',
        refreshInterval: 3600,
        check: { graceSeconds: 600, failureThreshold: 2 },
      }),
      201,
    )
  ).body;
  await ok(admin.put(`/api/badges/${web.id}`, { public: true }));
  await ok(admin.put(`/api/badges/${dns.id}`, { public: true }));
  await ok(
    admin.post('/api/game-servers', { name: 'Arena', type: 'armagetronadvanced', host: '127.0.0.1', port: 9 }),
    201,
  );
  const games = (await ok(admin.get<{ id: number; instanceId: string }[]>('/api/game-servers'))).body;
  const arena = games.find((game) => game.instanceId.startsWith('query-'));
  const amp = games.find((game) => game.instanceId === 'amp-instance-1');
  const page = await ok(
    admin.post<{ id: number }>('/api/status-pages', {
      slug: 'lab',
      title: 'Lab status',
      serviceIds: [dns.id, web.id],
      gameServerIds: [arena?.id, amp?.id],
    }),
    201,
  );
  await ok(admin.post(`/api/status-pages/${page.body.id}/notes`, { title: 'Disk replaced', body: 'All good.' }), 201);
  await ok(admin.post(`/api/status-pages/${page.body.id}/notes`, { title: 'Upgrade' }), 201);
  await ok(
    admin.post('/api/status-pages', { slug: 'empty', title: 'Nothing yet', serviceIds: [], gameServerIds: [] }),
    201,
  );
  await ok(
    admin.post('/api/maintenance-windows', {
      name: 'Patch night',
      timeZone: 'Europe/Berlin',
      schedule: { kind: 'weekly', days: [4, 2], startTime: '02:30', durationMinutes: 90 },
      serviceIds: [web.id, tcp.id],
    }),
    201,
  );
  await ok(
    admin.post('/api/maintenance-windows', {
      name: 'Move',
      timeZone: 'America/New_York',
      schedule: { kind: 'once', start: '2030-03-10T01:00', end: '2030-03-10T05:00' },
      serviceIds: [backup.id],
    }),
    201,
  );
  return { pushUrl: backup.pushUrl };
}

/** What the admin pages show of the monitoring settings, by names instead of this app's ids. */
async function monitoringView(client: TestClient) {
  const services = await servicesOf(client);
  const nameOf = (id: number) => services.find((service) => service.id === id)?.name;
  const badges = (await ok(client.get<{ serviceIds: number[] }>('/api/badges'))).body.serviceIds;
  const windows = (await ok(client.get<WindowView[]>('/api/maintenance-windows'))).body;
  const pages = (await ok(client.get<{ slug: string }[]>('/api/status-pages'))).body;
  const publicPages = await Promise.all(
    pages.map(async ({ slug }) => {
      const page = (await ok(client.get<PublicPageView>(`/api/status-pages/${slug}`))).body;
      return {
        slug,
        title: page.title,
        services: page.services.map((service) => service.name),
        gameServers: page.gameServers.map((game) => game.name),
        notes: page.notes.map(({ title, body, createdAt }) => ({ title, body, createdAt })),
      };
    }),
  );
  return {
    checks: services.map((service) => ({ name: service.name, url: service.url, check: service.check })),
    badges: badges.map(nameOf),
    pages: publicPages,
    windows: windows.map((window) => ({
      name: window.name,
      timeZone: window.timeZone,
      schedule: window.schedule,
      services: window.serviceIds.map(nameOf),
    })),
  };
}

/** A diff entry's field changes, by field name. */
function fieldsOf(diff: ConfigImportWire['sections'][number], key: string) {
  const entry = diff.changed.find((change) => change.key === key);
  return [...(entry?.fields ?? [])].sort((a, b) => a.field.localeCompare(b.field));
}

let source: Lab;
let sourceYaml: string;
let sourcePushUrl: string;

beforeAll(async () => {
  source = await labs.start();
  sourcePushUrl = (await populate(source)).pushUrl;
  sourceYaml = await exportYaml(source.admin);
});

describe('GET /api/config/export (version 2)', () => {
  it('holds each check, badge mark, status page with its notes and window, naming services and game servers by key', () => {
    const document = parse(sourceYaml) as MonitoringFile;
    expect(document.version).toBe(2);
    expect(document.services.map((service) => [service.name, service.publicBadge])).toEqual([
      ['Web', true],
      ['Grafana', false],
      ['Grafana', true],
      ['Cert', false],
      ['Backup', false],
    ]);
    const { headers: _headers, ...webCheck } = WEB_CHECK;
    expect(document.services[0]?.check).toEqual({ ...webCheck, headers: { Accept: 'application/json' } });
    expect(document.services[2]?.check).toEqual({
      query: { name: 'lab.test', type: 'A' },
      conditions: ['[DNS_RCODE] == NOERROR'],
    });
    expect(document.services[3]?.check).toMatchObject({ insecure: true });
    expect(document.services[4]?.check).toEqual({ graceSeconds: 600, failureThreshold: 2 });
    const games = (document.gameServers as Entry[]).map(
      (game) => `${String(game.provider)}/${String(game.instanceId)}`,
    );
    expect(document.statusPages).toEqual([
      {
        slug: 'lab',
        title: 'Lab status',
        services: ['Grafana (2)', 'Web'],
        gameServers: [games.find((key) => key.startsWith('query/')), 'amp/amp-instance-1'],
        notes: [
          { title: 'Upgrade', body: '', createdAt: expect.any(String) as string },
          { title: 'Disk replaced', body: 'All good.', createdAt: expect.any(String) as string },
        ],
      },
      { slug: 'empty', title: 'Nothing yet', services: [], gameServers: [], notes: [] },
    ]);
    expect(document.maintenanceWindows).toEqual([
      {
        name: 'Patch night',
        timeZone: 'Europe/Berlin',
        schedule: { kind: 'weekly', days: [2, 4], startTime: '02:30', durationMinutes: 90 },
        services: ['Web', 'Grafana'],
      },
      {
        name: 'Move',
        timeZone: 'America/New_York',
        schedule: { kind: 'once', start: '2030-03-10T01:00', end: '2030-03-10T05:00' },
        services: ['Backup'],
      },
    ]);
  });

  it('never carries a credential header or a push token, and says so', () => {
    expect(sourceYaml).not.toContain('lab-Secret-header-5');
    expect(sourceYaml.replace(/^#.*$/gm, '')).not.toMatch(/Authorization|token/i);
    expect(sourceYaml).toContain('push tokens and credential headers of checks');
    const token = sourcePushUrl.split('/').pop() ?? '';
    expect(token).toHaveLength(43);
    expect(sourceYaml).not.toContain(token);
    expect(sourceYaml.split('\n')[0]).toBe('# Homelab Dashboard configuration (version 2).');
  });
});

describe('POST /api/config/import of the monitoring settings', () => {
  it('round trip into a fresh app: identical checks, badges, status pages with notes and windows', async () => {
    const target = await labs.start();
    await addAmpServer(target);
    const dryRun = await ok(importYaml(target.admin, sourceYaml, 'dryRun=true'));
    expect(sectionOf(dryRun.body, 'statusPages').added).toEqual(['lab', 'empty']);
    expect(sectionOf(dryRun.body, 'maintenanceWindows').added).toEqual(['Patch night', 'Move']);
    expect(sectionOf(dryRun.body, 'services').notes).toEqual([{ key: 'Backup', note: CONFIG_MSG.newPushToken }]);
    const applied = await ok(importYaml(target.admin, sourceYaml));
    expect(applied.body).toMatchObject({ applied: true, summary: dryRun.body.summary });
    expect(await exportYaml(target.admin)).toBe(sourceYaml);

    const before = await monitoringView(source.admin);
    const after = await monitoringView(target.admin);
    expect(after.badges).toEqual(['Web', 'Grafana']);
    expect(after.pages).toEqual(before.pages);
    expect(after.pages[0]?.notes.map((note) => note.title)).toEqual(['Upgrade', 'Disk replaced']);
    expect(after.pages[0]?.gameServers).toEqual(['Arena', 'Minecraft']);
    expect(after.windows).toEqual(before.windows);
    // The credential header stayed behind (it is a secret); everything else of every check is the same.
    const withoutAuth = before.checks.map((service) =>
      service.name === 'Web'
        ? { ...service, check: { ...WEB_CHECK, headers: { Accept: 'application/json' } } }
        : service,
    );
    expect(after.checks).toEqual(withoutAuth);

    // The push service has a token of its own, which nobody knows until a new push URL is made.
    const backup = (await servicesOf(target.admin)).find((service) => service.name === 'Backup');
    const stored = await new ServicesRepository(target.app.testDb.db.kysely).findById(backup?.id ?? 0);
    expect(stored?.push_token_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const anonymous = target.app.client();
    expect((await anonymous.get(new URL(sourcePushUrl).pathname)).status).toBe(404);
    const made = await ok(target.admin.post<{ pushUrl: string }>(`/api/services/${backup?.id}/push-token`, {}));
    expect((await anonymous.get(new URL(made.body.pushUrl).pathname)).status).toBe(200);

    const again = await ok(importYaml(target.admin, sourceYaml));
    expect(again.body.summary).toEqual({ added: 0, changed: 0, removed: 0 });
    expect(again.body.sections.flatMap((section) => section.notes)).toEqual([]);
  });

  it('a version 1 file still imports: checks, badges, status pages and windows are left as they are', async () => {
    const lab = await labs.start();
    await populate(lab);
    const before = parse(await exportYaml(lab.admin)) as MonitoringFile;
    const v1 = stringify({
      version: 1,
      services: [
        { name: 'Web', url: 'http://127.0.0.1:9/health', tooltip: 'From version 1' },
        { name: 'Added', url: 'https://added.lab.test' },
      ],
      settings: { site_title: 'Version one' },
    });
    const dryRun = await ok(importYaml(lab.admin, v1, 'dryRun=true&removeMissing=true'));
    // removeMissing reaches the sections the file has: version 1 has neither status pages nor windows.
    expect(sectionOf(dryRun.body, 'statusPages')).toMatchObject({ added: [], changed: [], removed: [] });
    expect(sectionOf(dryRun.body, 'maintenanceWindows')).toMatchObject({ added: [], changed: [], removed: [] });
    const applied = await ok(importYaml(lab.admin, v1));
    expect(applied.body.summary).toEqual({ added: 1, changed: 2, removed: 0 });
    expect(fieldsOf(sectionOf(applied.body, 'services'), 'Web')).toEqual([
      { field: 'tooltip', from: null, to: 'From version 1', secret: false },
    ]);
    const after = parse(await exportYaml(lab.admin)) as MonitoringFile;
    expect(after.version).toBe(2);
    expect(after.services[0]).toEqual({ ...before.services[0], tooltip: 'From version 1' });
    expect(after.services.slice(1, 5)).toEqual(before.services.slice(1, 5));
    expect(after.services[5]).toMatchObject({ name: 'Added', publicBadge: false, check: null });
    expect(after.statusPages).toEqual(before.statusPages);
    expect(after.maintenanceWindows).toEqual(before.maintenanceWindows);
    const web = (await servicesOf(lab.admin)).find((service) => service.name === 'Web');
    expect(web?.check).toEqual(WEB_CHECK);

    // Version 1 is version 1: the new fields are refused in it, with their path.
    const mixed = await importYaml(lab.admin, stringify({ version: 1, statusPages: [] }), 'dryRun=true');
    expect(mixed.status).toBe(400);
    expect(mixed.body.problems).toEqual([expect.stringMatching(/^document: .*statusPages/)]);
  });

  it('the diff lists each change, per item, and the apply writes them all', async () => {
    const lab = await labs.start();
    await populate(lab);
    const file = parse(await exportYaml(lab.admin)) as MonitoringFile;
    // The file as exported changes nothing: the stored credential header it leaves out is kept.
    expect((await ok(importYaml(lab.admin, stringify(file)))).body.summary).toEqual({
      added: 0,
      changed: 0,
      removed: 0,
    });
    expect((await servicesOf(lab.admin)).find((service) => service.name === 'Web')?.check).toEqual(WEB_CHECK);

    const [web, tcp, , , backup] = file.services;
    Object.assign(web ?? {}, {
      publicBadge: false,
      check: {
        ...web?.check,
        method: 'GET',
        headers: { Accept: 'application/json', 'X-Probe': '1', Authorization: 'Bearer new-Secret-6' },
      },
    });
    Object.assign(tcp ?? {}, { publicBadge: true });
    Object.assign(backup ?? {}, { url: 'http://127.0.0.1:9/backup', check: null });
    file.services.push({ name: 'Cron', url: 'push://cron', check: null });
    const lab1 = file.statusPages[0] as Entry & { notes: Entry[] };
    lab1.title = 'Lab status (new)';
    lab1.notes = [{ title: 'Maintenance tonight', body: 'From 22:00.' }, ...lab1.notes];
    file.statusPages = [lab1, { slug: 'public', title: 'Public', services: ['Cron', 'Web'] }];
    file.maintenanceWindows = [
      {
        ...file.maintenanceWindows[0],
        schedule: { kind: 'weekly', days: [6], startTime: '03:00', durationMinutes: 60 },
      },
      {
        name: 'Cron window',
        timeZone: 'UTC',
        schedule: { kind: 'once', start: '2031-01-01T00:00', end: '2031-01-01T01:00' },
        services: ['Cron', 'Web'],
      },
    ];
    const yaml = stringify(file);
    const dryRun = await ok(importYaml(lab.admin, yaml, 'dryRun=true&removeMissing=true'));
    expect(dryRun.text).not.toContain('new-Secret-6');
    expect(dryRun.text).not.toContain('lab-Secret-header-5');
    const services = sectionOf(dryRun.body, 'services');
    expect(services).toMatchObject({
      added: ['Cron'],
      removed: [],
      notes: [{ key: 'Cron', note: CONFIG_MSG.newPushToken }],
    });
    expect(fieldsOf(services, 'Web')).toEqual([
      { field: 'check.headers.Authorization', from: null, to: null, secret: true },
      { field: 'check.headers.X-Probe', from: null, to: '1', secret: false },
      { field: 'check.method', from: 'POST', to: 'GET', secret: false },
      { field: 'publicBadge', from: true, to: false, secret: false },
    ]);
    expect(fieldsOf(services, 'Grafana')).toEqual([{ field: 'publicBadge', from: false, to: true, secret: false }]);
    expect(fieldsOf(services, 'Backup')).toEqual([
      { field: 'check', from: 'custom', to: 'default', secret: false },
      { field: 'check.failureThreshold', from: 2, to: null, secret: false },
      { field: 'check.graceSeconds', from: 600, to: null, secret: false },
      { field: 'url', from: 'push://backup', to: 'http://127.0.0.1:9/backup', secret: false },
    ]);
    const pages = sectionOf(dryRun.body, 'statusPages');
    expect(pages).toMatchObject({ added: ['public'], removed: ['empty'] });
    expect(fieldsOf(pages, 'lab')).toEqual([
      {
        field: 'notes',
        from: 'Upgrade | Disk replaced',
        to: 'Maintenance tonight | Upgrade | Disk replaced',
        secret: false,
      },
      { field: 'title', from: 'Lab status', to: 'Lab status (new)', secret: false },
    ]);
    const windows = sectionOf(dryRun.body, 'maintenanceWindows');
    expect(windows).toMatchObject({ added: ['Cron window'], removed: ['Move'] });
    expect(fieldsOf(windows, 'Patch night')).toEqual([
      {
        field: 'schedule',
        from: 'weekly on Tue, Thu at 02:30 for 90 min',
        to: 'weekly on Sat at 03:00 for 60 min',
        secret: false,
      },
    ]);
    expect(dryRun.body.summary).toEqual({ added: 3, changed: 5, removed: 2 });

    const applied = await ok(importYaml(lab.admin, yaml, 'dryRun=false&removeMissing=true'));
    expect(applied.body.summary).toEqual(dryRun.body.summary);
    const view = await monitoringView(lab.admin);
    expect(view.badges).toEqual(['Grafana', 'Grafana']);
    expect(view.checks.find((service) => service.name === 'Web')?.check).toMatchObject({
      method: 'GET',
      headers: { Accept: 'application/json', 'X-Probe': '1', Authorization: 'Bearer new-Secret-6' },
    });
    expect(view.pages.map((page) => [page.slug, page.title, page.services])).toEqual([
      ['lab', 'Lab status (new)', ['Grafana', 'Web']],
      ['public', 'Public', ['Cron', 'Web']],
    ]);
    expect(view.pages[0]?.notes.map((note) => note.title)).toEqual(['Maintenance tonight', 'Upgrade', 'Disk replaced']);
    expect(view.windows.map((window) => [window.name, window.services])).toEqual([
      ['Patch night', ['Web', 'Grafana']],
      ['Cron window', ['Cron', 'Web']],
    ]);
    // Backup is no push service any more: its token went with it. Cron, new, has one.
    const repository = new ServicesRepository(lab.app.testDb.db.kysely);
    const ids = await servicesOf(lab.admin);
    expect((await repository.findById(ids.find((s) => s.name === 'Backup')?.id ?? 0))?.push_token_hash).toBeNull();
    expect((await repository.findById(ids.find((s) => s.name === 'Cron')?.id ?? 0))?.push_token_hash).not.toBeNull();
  });
});

describe("README's example", () => {
  it('imports as documented, into a fresh app', async () => {
    const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration as code'));
    const example = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(example).toContain('version: 2');
    const lab = await labs.start();
    // The example sets the mail route, which only a superadmin may change (issue 26).
    const applied = await ok(importYaml(await lab.actors.superadmin.signIn(), example));
    expect(applied.body.summary).toEqual({ added: 7, changed: 4, removed: 0 });
    expect(sectionOf(applied.body, 'services').notes).toEqual([
      { key: 'Nightly backup', note: CONFIG_MSG.newPushToken },
    ]);
    const view = await monitoringView(lab.admin);
    expect(view.pages.map((page) => [page.slug, page.services, page.gameServers])).toEqual([
      ['lab', ['Plex', 'Nightly backup'], ['Arena']],
    ]);
    expect(view.windows.map((window) => [window.name, window.services])).toEqual([
      ['Patch night', ['Plex']],
      ['Move', ['Nightly backup']],
    ]);
  });
});

describe('after an import', () => {
  it('public pages and held alerts follow at once, not when their caches expire', async () => {
    const lab = await labs.start();
    const service = (
      await ok(lab.admin.post<ServiceView>('/api/services', { name: 'Solo', url: 'tcp://127.0.0.1:9' }), 201)
    ).body;
    await ok(
      lab.admin.post('/api/status-pages', { slug: 'solo', title: 'Before', serviceIds: [], gameServerIds: [] }),
      201,
    );
    const anonymous = lab.app.client();
    expect((await ok(anonymous.get<PublicPageView>('/api/status-pages/solo'))).body.title).toBe('Before');
    expect((await ok(lab.admin.get('/api/maintenance-windows/active'))).body).toEqual({ serviceIds: [] });
    const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    const yaml = stringify({
      version: 2,
      statusPages: [{ slug: 'solo', title: 'After', services: ['Solo'] }],
      maintenanceWindows: [
        {
          name: 'Now',
          timeZone: 'UTC',
          schedule: { kind: 'once', start: local(Date.now() - 86_400_000), end: local(Date.now() + 86_400_000) },
          services: ['Solo'],
        },
      ],
    });
    await ok(importYaml(lab.admin, yaml));
    const page = (await ok(anonymous.get<PublicPageView>('/api/status-pages/solo'))).body;
    expect([page.title, page.services.map((entry) => entry.name)]).toEqual(['After', ['Solo']]);
    expect((await ok(lab.admin.get('/api/maintenance-windows/active'))).body).toEqual({ serviceIds: [service.id] });
  });
});

describe('POST /api/config/import refuses monitoring settings', () => {
  async function refused(yaml: string): Promise<string[]> {
    const before = await exportYaml(source.admin);
    const response = await importYaml(source.admin, yaml, 'dryRun=false&removeMissing=true');
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe(CONFIG_MSG.problems(response.body.problems.length));
    expect(await exportYaml(source.admin)).toBe(before);
    return response.body.problems;
  }

  it('bad conditions, settings a check cannot use, unknown services and game servers: each with its path, nothing applied', async () => {
    const file = parse(sourceYaml) as MonitoringFile;
    (file.settings as Entry).site_title = 'Never written';
    const [web, tcp, dns, cert] = file.services;
    Object.assign(web?.check ?? {}, { conditions: ['[STATUS] == 200', '[STATUS] 200'] });
    Object.assign(tcp ?? {}, { check: { conditions: ['[BODY] == ok'] } });
    Object.assign(dns ?? {}, { check: { conditions: ['[DNS_RCODE] == NOERROR'] } });
    Object.assign(cert ?? {}, { check: { method: 'POST' } });
    const [lab, empty] = file.statusPages;
    Object.assign(lab ?? {}, {
      services: ['Web', 'Nope'],
      gameServers: ['query/query-missing', 'steam/1', 'amp/amp-later'],
    });
    Object.assign(empty ?? {}, { slug: 'lab' });
    file.statusPages.push({ slug: 'untitled' });
    Object.assign(file.maintenanceWindows[0] ?? {}, { services: ['Grafana (3)'] });
    file.maintenanceWindows.push({ name: 'Half', services: ['Web'] });
    expect(await refused(stringify(file))).toEqual([
      'services[0].check.conditions[1]: "[STATUS] 200" has no operator (==, !=, <, <=, >, >= with a space on each side)',
      'services[1].check.conditions[0]: [BODY] is not available in tcp checks',
      'services[2].check: A dns:// service needs a query (name and type) in its check',
      'services[3].check: The check setting method does not apply to tls checks',
      `statusPages[0].services[1]: ${CONFIG_MSG.unknownService}`,
      `statusPages[0].gameServers[0]: ${CONFIG_MSG.unknownGameServer}`,
      `statusPages[0].gameServers[1]: ${CONFIG_MSG.gameServerRef}`,
      `statusPages[1].slug: ${CONFIG_MSG.duplicateKey}`,
      `statusPages[2]: ${CONFIG_MSG.newPage}`,
      `maintenanceWindows[0].services[0]: ${CONFIG_MSG.unknownService}`,
      `maintenanceWindows[2]: ${CONFIG_MSG.newWindow}`,
    ]);
  });

  it('a service the same import removes cannot stay on a page', async () => {
    const file = parse(sourceYaml) as MonitoringFile;
    file.services = file.services.filter((service) => service.name !== 'Web');
    expect(await refused(stringify(file))).toEqual([
      `statusPages[0].services[1]: ${CONFIG_MSG.unknownService}`,
      `maintenanceWindows[0].services[0]: ${CONFIG_MSG.unknownService}`,
    ]);
  });

  it('fields of the wrong shape, with their paths', async () => {
    const file = parse(sourceYaml) as MonitoringFile;
    Object.assign(file.services[0] ?? {}, { publicBadge: 'yes' });
    Object.assign(file.services[1]?.check ?? {}, { failureThreshold: 0, colour: 'red' });
    Object.assign(file.statusPages[0] ?? {}, { slug: 'Not A Slug', notes: [{ title: '', createdAt: 'yesterday' }] });
    Object.assign(file.maintenanceWindows[0] ?? {}, { timeZone: 'Mars/Olympus' });
    Object.assign(file.maintenanceWindows[1] ?? {}, {
      schedule: { kind: 'once', start: '2030-03-10T05:00', end: '2030-03-10T01:00' },
    });
    expect(await refused(stringify(file))).toEqual([
      'services[0].publicBadge: publicBadge must be true or false',
      'services[1].check.failureThreshold: Failure threshold must be a whole number from 1 to 10',
      expect.stringMatching(/^services\[1\]\.check: .*colour/),
      `statusPages[0].slug: ${STATUS_PAGE_MSG.slugInvalid}`,
      `statusPages[0].notes[0].title: ${STATUS_PAGE_MSG.noteTitleRequired}`,
      expect.stringMatching(/^statusPages\[0\]\.notes\[0\]\.createdAt: createdAt must be an ISO time/),
      `maintenanceWindows[0].timeZone: ${MAINTENANCE_MSG.timeZoneInvalid}`,
      `maintenanceWindows[1].schedule: ${MAINTENANCE_MSG.endBeforeStart}`,
    ]);
  });
});
