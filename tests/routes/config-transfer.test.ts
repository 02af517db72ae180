// Configuration as code (issue 15): GET /api/config/export and POST /api/config/import. Runs on SQLite, and on
// PostgreSQL under scripts/with-postgres.sh (DATABASE_URL set: every app gets a database of its own).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { CONFIG_MSG, type ConfigImportWire } from '../../src/shared/schemas/config-transfer.ts';
import { SERVICE_MSG } from '../../src/shared/messages.ts';
import { STATUS_PAGE_MSG } from '../../src/shared/schemas/status-pages.ts';
import { INTEGRATION_MSG } from '../../src/shared/schemas/integrations.ts';
import { applyPlan, type ConfigPlan } from '../../src/server/config-transfer/config-apply.ts';
import { emptyDiff } from '../../src/server/config-transfer/plan-helpers.ts';
import { IntegrationSettingsRepository } from '../../src/server/repositories/integration-settings.repository.ts';
import { MailSettingsRepository } from '../../src/server/repositories/mail-settings.repository.ts';
import { addAmpServer, configLabs, exportYaml, importYaml, ok, type Lab } from '../helpers/config-lab.ts';
import type { TestClient } from '../helpers/http-client.ts';

const SECRETS = {
  amp: 'amp-Secret-pw-1',
  plex: 'plex-Secret-token-2',
  jellyfin: 'jf-Secret-key-3',
  smtp: 'smtp-Secret-4',
};
const ICON = `/uploads/service/${'a'.repeat(32)}.png`;
// Closed ports: the pollers that follow a settings change fail at once, and nothing is ever reached.
const CLOSED = 'http://127.0.0.1:9';

type ConfigFile = Record<string, unknown> & {
  services: Record<string, unknown>[];
  gameServers: Record<string, unknown>[];
  emailTemplates: Record<string, unknown>[];
  settings: Record<string, unknown>;
};

const labs = configLabs();
const startLab = labs.start;
afterAll(labs.close);

/** Fills a lab with one of everything the document covers, secrets included. */
async function populate(lab: Lab): Promise<void> {
  const { admin } = lab;
  await addAmpServer(lab);
  const plex = await ok(
    admin.post<{ id: number }>('/api/services', { name: 'Plex', url: 'http://127.0.0.1:9/plex' }),
    201,
  );
  await ok(admin.post('/api/services', { name: 'Grafana', url: 'https://grafana.lab.test', refreshInterval: 60 }), 201);
  await ok(
    admin.post('/api/services', { name: 'Grafana', url: 'https://grafana2.lab.test', isNSFW: true, icon: ICON }),
    201,
  );
  const plexId = plex.body.id;
  await ok(admin.put(`/api/services/${plexId}`, { id: plexId, mediaServer: true, tooltip: 'Movies' }));
  await ok(
    admin.post('/api/game-servers', { name: 'Arena', type: 'armagetronadvanced', host: '127.0.0.1', port: 9 }),
    201,
  );
  const servers = await admin.get<{ id: number; instanceId: string }[]>('/api/game-servers');
  const amp = servers.body.find((server) => server.instanceId === 'amp-instance-1');
  await ok(admin.patch(`/api/game-servers/${amp?.id}`, { displayName: 'Survival', autoStart: true, hidden: true }));
  const template = await ok(
    admin.post<{ id: number }>('/api/email-templates', {
      name: 'Outage',
      subject: '{{serviceName}} is {{status}}',
      template: '<p>{{serviceName}} went {{status}}</p>',
    }),
    201,
  );
  const templateId = template.body.id;
  await ok(admin.patch(`/api/email-templates/${templateId}`, { id: templateId, defaultTemplate: true }));
  await ok(admin.patch('/api/settings', { site_title: 'My Lab', online_color: '#00ff00', show_uptime_log: true }));
  await ok(admin.patch('/api/integrations/amp', { url: CLOSED, username: 'ampadmin', password: SECRETS.amp }));
  await ok(admin.patch('/api/integrations/plex', { url: CLOSED, token: SECRETS.plex }));
  await ok(admin.patch('/api/integrations/jellyfin', { url: CLOSED, api_key: SECRETS.jellyfin }));
  // Where mail goes is the superadmin's to say (issue 26).
  const superadmin = await lab.actors.superadmin.signIn();
  await ok(
    superadmin.patch('/api/mail-settings', {
      host: 'smtp.lab.test',
      port: 2525,
      user: 'mailer',
      from: 'lab@lab.test',
      password: SECRETS.smtp,
    }),
  );
}

let source: Lab;
let sourceYaml: string;

beforeAll(async () => {
  source = await startLab();
  await populate(source);
  sourceYaml = await exportYaml(source.admin);
});

describe('GET /api/config/export', () => {
  it('is one YAML attachment with version 2 and every section, in the services order', async () => {
    const response = await source.admin.get('/api/config/export');
    expect(response.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="homelab-config-.*\.yaml"$/);
    const document = parse(sourceYaml) as ConfigFile;
    expect(document.version).toBe(2);
    expect(document.services.map((service) => [service.name, service.url])).toEqual([
      ['Plex', 'http://127.0.0.1:9/plex'],
      ['Grafana', 'https://grafana.lab.test'],
      ['Grafana', 'https://grafana2.lab.test'],
    ]);
    expect(document.services[0]).toMatchObject({ mediaServer: true, tooltip: 'Movies', refreshInterval: 30 });
    expect(document.services[2]).toMatchObject({ icon: ICON, isNSFW: true });
    expect(document.services[0]).not.toHaveProperty('id');
    expect(document.gameServers[0]).toMatchObject({
      provider: 'amp',
      instanceId: 'amp-instance-1',
      displayName: 'Survival',
      autoStart: true,
      hidden: true,
    });
    expect(document.gameServers[0]).not.toHaveProperty('host');
    expect(document.gameServers[1]).toMatchObject({ provider: 'query', name: 'Arena', host: '127.0.0.1', port: 9 });
    expect(document.emailTemplates[0]).toMatchObject({ name: 'Outage', defaultTemplate: true });
    expect(document.settings).toMatchObject({ site_title: 'My Lab', online_color: '#00ff00', show_uptime_log: true });
    expect(document.integrations).toEqual({
      amp: { url: CLOSED, username: 'ampadmin' },
      plex: { url: CLOSED, tv_url: null, share_libraries: null },
      jellyfin: { url: CLOSED },
    });
    expect(document.mail).toEqual({
      host: 'smtp.lab.test',
      port: 2525,
      secure: 'starttls',
      user: 'mailer',
      from: 'lab@lab.test',
    });
  });

  it('never carries a secret, and says so in its header', () => {
    for (const secret of Object.values(SECRETS)) expect(sourceYaml).not.toContain(secret);
    const withoutComments = sourceYaml.replace(/^#.*$/gm, '');
    expect(withoutComments).not.toMatch(/password|token|api_key/);
    expect(sourceYaml.split('\n')[0]).toMatch(/^#/);
    expect(sourceYaml).toContain('Secrets are never exported');
  });
});

describe('POST /api/config/import', () => {
  it('round trip: the export imported into a fresh app exports identically, and again is no change', async () => {
    const target = await startLab();
    await addAmpServer(target);
    // The file sets the mail route: only a superadmin may import it (issue 26).
    const superadmin = await target.actors.superadmin.signIn();
    const dryRun = await ok(importYaml(superadmin, sourceYaml, 'dryRun=true'));
    expect(dryRun.body.applied).toBe(false);
    const services = dryRun.body.sections.find((section) => section.section === 'services');
    expect(services?.added).toEqual(['Plex', 'Grafana', 'Grafana (2)']);
    const applied = await ok(importYaml(superadmin, sourceYaml));
    expect(applied.body).toMatchObject({ applied: true, summary: dryRun.body.summary });
    expect(await exportYaml(target.admin)).toBe(sourceYaml);
    const again = await ok(importYaml(target.admin, sourceYaml));
    expect(again.body.summary).toEqual({ added: 0, changed: 0, removed: 0 });
    // The new services reach the list at once (the cached answer was dropped), the media mark with them.
    const list = await target.admin.get<{ name: string; mediaServer: boolean }[]>('/api/services');
    expect(list.body.filter((service) => service.mediaServer).map((service) => service.name)).toEqual(['Plex']);
    // No secret travelled: the fresh app has none.
    const amp = await target.admin.get('/api/integrations/amp');
    expect(amp.body).toMatchObject({ url: CLOSED, username: 'ampadmin', password_set: false });
  });

  it('a dry run answers the diff and writes nothing', async () => {
    const lab = await startLab();
    await populate(lab);
    const before = await exportYaml(lab.admin);
    const edited = parse(before) as ConfigFile;
    edited.services[1] = { ...edited.services[1], url: 'https://grafana.example.test', refreshInterval: 90 };
    edited.services.push({ name: 'Home Assistant', url: 'http://ha.lab.test:8123' });
    edited.settings.site_title = 'Renamed Lab';
    const response = await ok(importYaml(lab.admin, stringify(edited), 'dryRun=true&removeMissing=true'));
    expect(response.body.applied).toBe(false);
    const services = response.body.sections.find((section) => section.section === 'services');
    expect(services).toMatchObject({ added: ['Home Assistant'], removed: [] });
    expect(services?.changed).toEqual([
      {
        key: 'Grafana',
        fields: [
          { field: 'url', from: 'https://grafana.lab.test', to: 'https://grafana.example.test', secret: false },
          { field: 'refreshInterval', from: 60, to: 90, secret: false },
        ],
      },
    ]);
    const settings = response.body.sections.find((section) => section.section === 'settings');
    expect(settings?.changed[0]?.fields).toEqual([
      { field: 'site_title', from: 'My Lab', to: 'Renamed Lab', secret: false },
    ]);
    expect(response.body.summary).toEqual({ added: 1, changed: 2, removed: 0 });
    expect(await exportYaml(lab.admin)).toBe(before);
  });

  it('secrets absent from the file keep the stored ones; given ones replace them, never shown in the diff', async () => {
    const lab = await startLab();
    await populate(lab);
    const edited = parse(await exportYaml(lab.admin)) as ConfigFile & {
      integrations: { amp: Record<string, unknown> };
    };
    edited.integrations.amp.username = 'renamed';
    await ok(importYaml(lab.admin, stringify(edited)));
    const stored = await new IntegrationSettingsRepository(lab.app.testDb.db.kysely).get('amp');
    expect(stored?.values).toMatchObject({ username: 'renamed', password: SECRETS.amp });
    expect((await new MailSettingsRepository(lab.app.testDb.db.kysely).get())?.password).toBe(SECRETS.smtp);

    edited.integrations.amp.password = 'a-new-amp-password';
    const response = await ok(importYaml(lab.admin, stringify(edited)));
    expect(response.text).not.toContain('a-new-amp-password');
    expect(response.text).not.toContain(SECRETS.amp);
    const amp = response.body.sections.find((section) => section.section === 'integrations');
    expect(amp?.changed).toEqual([{ key: 'amp', fields: [{ field: 'password', from: null, to: null, secret: true }] }]);
    const after = await new IntegrationSettingsRepository(lab.app.testDb.db.kysely).get('amp');
    expect(after?.values.password).toBe('a-new-amp-password');
  });

  it('removeMissing removes the services the file leaves out; without it they stay', async () => {
    const lab = await startLab();
    await populate(lab);
    const edited = parse(await exportYaml(lab.admin)) as ConfigFile;
    edited.services = edited.services.filter((service) => service.url !== 'https://grafana2.lab.test');
    const kept = await ok(importYaml(lab.admin, stringify(edited)));
    expect(kept.body.summary).toEqual({ added: 0, changed: 0, removed: 0 });
    expect((await lab.admin.get<unknown[]>('/api/services')).body).toHaveLength(3);

    const dryRun = await ok(importYaml(lab.admin, stringify(edited), 'dryRun=true&removeMissing=true'));
    expect(dryRun.body.sections.find((section) => section.section === 'services')?.removed).toEqual(['Grafana (2)']);
    expect((await lab.admin.get<unknown[]>('/api/services')).body).toHaveLength(3);
    const removed = await ok(importYaml(lab.admin, stringify(edited), 'dryRun=false&removeMissing=true'));
    expect(removed.body).toMatchObject({ applied: true, removeMissing: true, summary: { removed: 1 } });
    const list = await lab.admin.get<{ url: string }[]>('/api/services');
    expect(list.body.map((service) => service.url).sort()).toEqual([
      'http://127.0.0.1:9/plex',
      'https://grafana.lab.test',
    ]);
  });

  it('tells the catalog listeners (the monitor, the list caches, other instances) of every service it wrote', async () => {
    const lab = await startLab();
    await populate(lab);
    const heard: string[] = [];
    lab.app.built.services.catalog.onChange((change) => heard.push(`${change.kind}:${change.id}`));
    const ids = (await lab.admin.get<{ id: number; url: string }[]>('/api/services')).body;
    const idOf = (url: string) => ids.find((service) => service.url === url)?.id;
    const edited = parse(await exportYaml(lab.admin)) as ConfigFile;
    edited.services = edited.services.filter((service) => service.url !== 'https://grafana2.lab.test');
    edited.services[1] = { ...edited.services[1], refreshInterval: 120 };
    edited.services.push({ name: 'Added', url: 'https://added.lab.test' });
    await ok(importYaml(lab.admin, stringify(edited), 'dryRun=true&removeMissing=true'));
    expect(heard).toEqual([]);
    await ok(importYaml(lab.admin, stringify(edited), 'dryRun=false&removeMissing=true'));
    const added = (await lab.admin.get<{ id: number; url: string }[]>('/api/services')).body.find(
      (service) => service.url === 'https://added.lab.test',
    );
    expect(heard).toEqual([
      `deleted:${idOf('https://grafana2.lab.test')}`,
      `updated:${idOf('https://grafana.lab.test')}`,
      `created:${added?.id}`,
    ]);
  });

  it('applies all or nothing: one invalid entry among valid changes changes nothing', async () => {
    const lab = await startLab();
    await populate(lab);
    const before = await exportYaml(lab.admin);
    const edited = parse(before) as ConfigFile;
    edited.settings.site_title = 'Changed';
    edited.services.push({ name: 'New', url: 'https://new.lab.test' });
    edited.services[1] = { ...edited.services[1], url: 'not a url' };
    edited.services[0] = { ...edited.services[0], refreshInterval: 1 };
    const response = await importYaml(lab.admin, stringify(edited));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(CONFIG_MSG.problems(2));
    expect(response.body.problems).toEqual([
      `services[0].refreshInterval: ${SERVICE_MSG.refreshTooShort}`,
      `services[1].url: ${SERVICE_MSG.urlInvalid}`,
    ]);
    expect(await exportYaml(lab.admin)).toBe(before);
  });

  it('skips AMP instances AMP has not reported, and adds query servers with their instance id', async () => {
    const lab = await startLab();
    const yaml = stringify({
      version: 1,
      gameServers: [
        { provider: 'amp', instanceId: 'amp-unknown', displayName: 'Later' },
        {
          provider: 'query',
          instanceId: 'query-abc',
          name: 'Quake',
          type: 'armagetronadvanced',
          host: '127.0.0.1',
          port: 9,
        },
      ],
    });
    const response = await ok(importYaml(lab.admin, yaml));
    const section = response.body.sections.find((entry) => entry.section === 'gameServers');
    expect(section).toMatchObject({
      added: ['query/query-abc'],
      skipped: [{ key: 'amp/amp-unknown', reason: CONFIG_MSG.unknownAmpInstance }],
    });
    const servers = await lab.admin.get<{ instanceId: string; name: string }[]>('/api/game-servers');
    expect(servers.body.map((server) => server.instanceId)).toEqual(['query-abc']);
  });
});

describe('POST /api/config/import refuses', () => {
  let admin: TestClient;
  beforeAll(() => {
    admin = source.admin;
  });

  async function problemsOf(yaml: string, status = 400): Promise<string[]> {
    const response = await importYaml(admin, yaml, 'dryRun=true');
    expect(response.status, response.text).toBe(status);
    expect(typeof response.body.message).toBe('string');
    return response.body.problems;
  }

  it('a body that is not YAML (415), a bad flag (400), an empty or oversized file', async () => {
    const json = await admin.post('/api/config/import', { version: 1 });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(CONFIG_MSG.notYaml);
    const flag = await importYaml(admin, 'version: 1\n', 'dryRun=maybe');
    expect(flag.status).toBe(400);
    expect(await problemsOf('   \n')).toEqual([`document: ${CONFIG_MSG.empty}`]);
    const huge = await importYaml(admin, `version: 1\n# ${'x'.repeat(2 * 1024 * 1024)}\n`);
    expect(huge.status).toBe(413);
  });

  it('YAML syntax errors with their line, duplicate keys, alias bombs, and documents that are no mapping', async () => {
    expect((await problemsOf('version: 1\nservices: [\n'))[0]).toMatch(/^line \d+: /);
    expect((await problemsOf('version: 1\nversion: 1\n'))[0]).toMatch(/^line 2: /);
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]'];
    bomb.push('c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]', 'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]');
    expect((await problemsOf(`${bomb.join('\n')}\n`))[0]).toMatch(/^document: .*alias/i);
    expect(await problemsOf('- version: 1\n')).toEqual([`document: ${CONFIG_MSG.notMapping}`]);
  });

  it('the wrong version, unknown keys, NUL characters: every problem with its path', async () => {
    const problems = await problemsOf(
      stringify({ version: 3, extra: true, services: [{ name: 'A\u0000', url: 'https://a.test', colour: 'red' }] }),
    );
    expect(problems).toEqual([
      'services[0].name: Text may not contain NUL characters',
      `version: ${CONFIG_MSG.versionInvalid}`,
      expect.stringMatching(/^services\[0\]: .*colour/),
      expect.stringMatching(/^document: .*extra/),
    ]);
  });

  it('rules across entries: two media servers, two defaults, metadata targets, AMP addresses, new query servers', async () => {
    const problems = await problemsOf(
      stringify({
        version: 1,
        services: [
          { name: 'A', url: 'https://a.test', mediaServer: true },
          { name: 'B', url: 'http://169.254.169.254/latest', mediaServer: true },
        ],
        emailTemplates: [
          { name: 'One', subject: 's', template: 't', defaultTemplate: true },
          { name: 'Two', subject: 's', template: 't', defaultTemplate: true },
        ],
        gameServers: [
          { provider: 'amp', instanceId: 'amp-instance-1', host: 'example.test' },
          { provider: 'query', instanceId: 'query-new', name: 'Half' },
          {
            provider: 'query',
            instanceId: 'no-prefix',
            name: 'N',
            type: 'armagetronadvanced',
            host: 'h.test',
            port: 1,
          },
          { provider: 'query', instanceId: 'query-x', name: 'N', type: 'no-such-game', host: 'h.test', port: 1 },
          { provider: 'amp', instanceId: 'amp-instance-1' },
        ],
        integrations: { amp: { url: 'http://169.254.169.254/' } },
      }),
    );
    expect(problems).toEqual([
      `services[1].mediaServer: ${CONFIG_MSG.twoMediaServers}`,
      `services[1].url: ${SERVICE_MSG.metadataTarget}`,
      'gameServers[0]: Only query servers have a host, port and type to edit',
      `gameServers[1]: ${CONFIG_MSG.newQueryServer}`,
      `gameServers[2].instanceId: ${CONFIG_MSG.queryInstanceId}`,
      'gameServers[3].type: Unknown game type: choose one of the gamedig game ids',
      `gameServers[4].instanceId: ${CONFIG_MSG.duplicateKey}`,
      `emailTemplates[1].defaultTemplate: ${CONFIG_MSG.twoDefaults}`,
      'integrations.amp.url: Cloud metadata addresses cannot be used unless allowed in Settings',
      // The stored AMP password stays with its address (attack-secret-binding.test.ts).
      `integrations.amp.password: ${INTEGRATION_MSG.secretAgain('AMP password')}`,
    ]);
  });

  it('registration_open from an admin who is not the superadmin; the superadmin may', async () => {
    const yaml = stringify({ version: 1, settings: { registration_open: false } });
    expect(await problemsOf(yaml)).toEqual([`settings.registration_open: ${CONFIG_MSG.registrationSuperadmin}`]);
    const superadmin = await source.actors.superadmin.signIn();
    const response = await ok(importYaml(superadmin, yaml, 'dryRun=true'));
    expect(response.body.summary.changed).toBe(1);
  });

  it('accepts the file as text/plain too (the same YAML)', async () => {
    const response = await admin.request<ConfigImportWire>('POST', '/api/config/import', {
      raw: sourceYaml,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ applied: false, summary: { added: 0, changed: 0, removed: 0 } });
  });

  it('callers other than administrators', async () => {
    const user = await source.actors.user.signIn();
    expect((await user.get('/api/config/export')).status).toBe(403);
    expect((await importYaml(user, sourceYaml)).status).toBe(403);
    expect((await importYaml(source.app.client(), sourceYaml)).status).toBe(401);
  });
});

/** A plan that writes nothing. */
function emptyPlan(): ConfigPlan {
  return {
    services: {
      diff: emptyDiff('services'),
      deletes: [],
      updates: [],
      inserts: [],
      insertPositions: [],
      mediaMark: undefined,
      markedId: null,
    },
    gameServers: { diff: emptyDiff('gameServers'), updates: [], inserts: [] },
    templates: {
      diff: emptyDiff('emailTemplates'),
      updates: [],
      inserts: [],
      insertPositions: [],
      defaultTo: undefined,
    },
    singletons: {
      settingsDiff: emptyDiff('settings'),
      integrationsDiff: emptyDiff('integrations'),
      mailDiff: emptyDiff('mail'),
      settings: {},
      integrations: [],
      mail: null,
    },
    statusPages: { diff: emptyDiff('statusPages'), deletes: [], updates: [], inserts: [] },
    maintenance: { diff: emptyDiff('maintenanceWindows'), deletes: [], updates: [], inserts: [] },
  };
}

describe('the import transaction', () => {
  it('rolls every section back when a later write fails (a row vanished while importing)', async () => {
    const lab = await startLab();
    const db = lab.app.testDb.db.kysely;
    const before = await exportYaml(lab.admin);
    const base = emptyPlan();
    const plan: ConfigPlan = {
      ...base,
      services: {
        ...base.services,
        inserts: [{ name: 'Written first', url: 'https://first.lab.test' }],
        insertPositions: [0],
      },
      gameServers: { ...base.gameServers, updates: [{ id: 999_999, changes: { hidden: true } }] },
      singletons: { ...base.singletons, settings: { site_title: 'Never' } },
    };
    await expect(db.transaction().execute((trx) => applyPlan(trx, plan, new Date()))).rejects.toMatchObject({
      kind: 'conflict',
    });
    expect(await exportYaml(lab.admin)).toBe(before);
  });

  it('rolls back the services too when a status page or a window vanished, or a slug was taken, while importing', async () => {
    const lab = await startLab();
    const db = lab.app.testDb.db.kysely;
    await ok(
      lab.admin.post('/api/status-pages', { slug: 'taken', title: 'T', serviceIds: [], gameServerIds: [] }),
      201,
    );
    const before = await exportYaml(lab.admin);
    const base = emptyPlan();
    const plan: ConfigPlan = {
      ...base,
      services: {
        ...base.services,
        inserts: [{ name: 'Written first', url: 'https://first.lab.test' }],
        insertPositions: [0],
      },
      statusPages: { ...base.statusPages, updates: [{ id: 999_999, write: { title: 'Gone' }, noteIds: [] }] },
    };
    await expect(db.transaction().execute((trx) => applyPlan(trx, plan, new Date()))).rejects.toMatchObject({
      kind: 'conflict',
    });
    const windows: ConfigPlan = {
      ...plan,
      statusPages: base.statusPages,
      maintenance: { ...base.maintenance, updates: [{ id: 999_999, write: { timeZone: 'UTC' } }] },
    };
    await expect(db.transaction().execute((trx) => applyPlan(trx, windows, new Date()))).rejects.toMatchObject({
      kind: 'conflict',
    });
    // A slug another administrator took meanwhile: a conflict, not a database error.
    const taken: ConfigPlan = {
      ...plan,
      statusPages: {
        ...base.statusPages,
        inserts: [{ slug: 'taken', title: 'Again', services: [], gameServers: [], notes: [] }],
      },
    };
    await expect(db.transaction().execute((trx) => applyPlan(trx, taken, new Date()))).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining(STATUS_PAGE_MSG.slugTaken) as string,
    });
    expect(await exportYaml(lab.admin)).toBe(before);
  });
});

describe('POST /api/config/import under bad input', () => {
  const text = fc.oneof(fc.string(), fc.constantFrom('', ' ', 'not a url', '\u0000', '169.254.169.254', '{{x}}'));
  const value = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.double());
  const plausible = fc.record(
    {
      version: fc.oneof(fc.constant(1), fc.constant(2), value),
      services: fc.array(
        fc.record(
          {
            name: value,
            url: fc.oneof(value, fc.constantFrom('push://job', 'dns://127.0.0.1', 'tcp://127.0.0.1:9')),
            refreshInterval: value,
            publicBadge: value,
            check: fc.oneof(
              value,
              fc.dictionary(fc.constantFrom('conditions', 'method', 'headers', 'query', 'graceSeconds'), value),
              fc.record({ conditions: fc.array(fc.oneof(text, fc.constantFrom('[STATUS] == 200', '[BODY] == x'))) }),
            ),
          },
          { requiredKeys: [] },
        ),
      ),
      statusPages: fc.array(
        fc.dictionary(
          fc.constantFrom('slug', 'title', 'services', 'gameServers', 'notes'),
          fc.oneof(value, fc.array(value, { maxLength: 3 }), fc.constant(['Plex', 'query/query-x', 'amp/y'])),
        ),
      ),
      maintenanceWindows: fc.array(
        fc.dictionary(
          fc.constantFrom('name', 'timeZone', 'schedule', 'services'),
          fc.oneof(value, fc.constant('Europe/Berlin'), fc.constant({ kind: 'weekly', days: [1] }), fc.array(text)),
        ),
      ),
      gameServers: fc.array(fc.dictionary(fc.constantFrom('provider', 'instanceId', 'port', 'host'), value)),
      emailTemplates: fc.array(fc.dictionary(fc.constantFrom('name', 'subject', 'template', 'defaultTemplate'), value)),
      settings: fc.dictionary(fc.constantFrom('site_title', 'online_color', 'default_role', '__proto__'), value),
    },
    { requiredKeys: [] },
  );

  it('answers any document with 200 or a 400 listing problems, never a 500, and a dry run writes nothing', async () => {
    const before = await exportYaml(source.admin);
    await fc.assert(
      fc.asyncProperty(fc.oneof(plausible, fc.anything()), async (document) => {
        const response = await importYaml(source.admin, stringify(document), 'dryRun=true');
        expect([200, 400], response.text).toContain(response.status);
        if (response.status === 400) expect(response.body.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (raw) => {
        const response = await importYaml(source.admin, raw, 'dryRun=true');
        expect([200, 400], response.text).toContain(response.status);
      }),
      { numRuns: 60 },
    );
    expect(await exportYaml(source.admin)).toBe(before);
  });
});
