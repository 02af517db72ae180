import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createActors } from '../helpers/actors.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The README's Homepage and Home Assistant examples, run against a real app with a read key: every URL answers a
 * JSON array, and every field the examples name is in each item with the type the example relies on.
 */

const README = fs.readFileSync(path.resolve('README.md'), 'utf8');
const section = README.slice(README.indexOf('## API keys'), README.indexOf('\n## ', README.indexOf('## API keys') + 1));
const yamlBlocks = [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');

interface HomepageEntry {
  widget: {
    type: string;
    url: string;
    headers: { Authorization: string };
    display: string;
    mappings: Record<string, string>;
  };
}
interface RestResource {
  resource: string;
  headers: { Authorization: string };
  sensor: Array<{ value_template: string }>;
}

let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp();
  const admin = await (await createActors(app)).admin.signIn();
  await admin.post('/api/services', { name: 'Router', url: 'http://127.0.0.1:9/' });
  await admin.post('/api/game-servers', { name: 'Arena', type: 'armagetronadvanced', host: '127.0.0.1', port: 4534 });
  const created = await admin.post<{ key: string }>('/api/api-keys', { name: 'readme', scopes: ['read'] });
  key = created.body.key;
});
afterAll(async () => {
  await app.close();
});

/** The example's URL on this app, with the example's Authorization header and the real key in it. */
async function fetchAsExample(url: string, authorization: string): Promise<Array<Record<string, unknown>>> {
  expect(authorization).toMatch(/^(Bearer \{\{HOMEPAGE_VAR_HOMELAB_KEY\}\}|homelab_bearer)$/);
  const { pathname } = new URL(url);
  expect(url.startsWith('http://homelab.lan:5000/')).toBe(true);
  const response = await app.client().get<Array<Record<string, unknown>>>(pathname, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.status, pathname).toBe(200);
  expect(Array.isArray(response.body)).toBe(true);
  expect(response.body.length, `${pathname} has an item to check`).toBeGreaterThan(0);
  return response.body;
}

describe('README API key examples', () => {
  it('has a Homepage and a Home Assistant example', () => {
    expect(yamlBlocks).toHaveLength(2);
  });

  it('Homepage: every widget reads a list whose items have the mapped fields', async () => {
    const groups = parse(yamlBlocks[0] ?? '') as Array<Record<string, Array<Record<string, HomepageEntry>>>>;
    const entries = groups.flatMap((group) => Object.values(group).flat()).flatMap((item) => Object.values(item));
    expect(entries.length).toBeGreaterThan(0);
    for (const { widget } of entries) {
      expect(widget.type).toBe('customapi');
      expect(widget.display).toBe('dynamic-list');
      expect(widget.mappings.items).toBeUndefined();
      const items = await fetchAsExample(widget.url, widget.headers.Authorization);
      const fields = [widget.mappings.name, widget.mappings.label];
      const placeholders = [...(widget.mappings.target ?? '').matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const field of [...fields, ...placeholders]) {
        for (const item of items) expect(item, `${widget.url}: ${field}`).toHaveProperty(field ?? '');
      }
      if (widget.mappings.label === 'status') for (const item of items) expect(typeof item.status).toBe('boolean');
    }
  });

  it('Home Assistant: every resource reads a list whose items have the boolean fields the templates filter on', async () => {
    // Home Assistant's `!secret name` reads secrets.yaml; here it stands for the name itself.
    const secret = { tag: '!secret', resolve: (name: string) => name };
    const config = parse(yamlBlocks[1] ?? '', { customTags: [secret] }) as { rest: RestResource[] };
    expect(config.rest.length).toBeGreaterThan(0);
    for (const resource of config.rest) {
      const items = await fetchAsExample(resource.resource, resource.headers.Authorization);
      for (const sensor of resource.sensor) {
        const attributes = [...sensor.value_template.matchAll(/(?:reject|select)attr\('(\w+)'\)/g)].map((m) => m[1]);
        for (const attribute of attributes) {
          for (const item of items)
            expect(typeof item[attribute ?? ''], `${resource.resource}: ${attribute}`).toBe('boolean');
        }
      }
    }
  });
});
