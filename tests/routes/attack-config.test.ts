import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_MSG, MAX_CONFIG_BYTES, MAX_CONFIG_NESTING } from '../../src/shared/schemas/config-transfer.ts';
import { configLabs, exportYaml, importYaml, type Lab } from '../helpers/config-lab.ts';

/**
 * An attacker's configuration file (issue 16's config transfer carries checks, pages and windows): nesting bombs
 * within the size limit, alias bombs and huge scalars. Each is refused with a 400 or 413, the database unchanged.
 */

const labs = configLabs();
let lab: Lab;

beforeAll(async () => {
  lab = await labs.start();
});
afterAll(async () => {
  await labs.close();
});

async function problemsOf(yaml: string): Promise<string[]> {
  const response = await importYaml(lab.admin, yaml);
  expect(response.status, response.text.slice(0, 300)).toBe(400);
  return (response.body as { problems: string[] }).problems;
}

describe('configuration import bombs', () => {
  it('refuses nesting deeper than the limit before parsing it, in block and flow style', async () => {
    const before = await exportYaml(lab.admin);
    // Just under 2 MiB each: the parser would hold hundreds of MB for these before giving up.
    const depth = Math.floor((MAX_CONFIG_BYTES - 100) / 2);
    const bombs = [
      `version: 2\nservices:\n${'- '.repeat(depth)}x\n`,
      `version: 2\nservices: ${'['.repeat(depth)}\n`,
      `version: 2\nservices: ${'{a: '.repeat(Math.floor(depth / 2))}\n`,
      `version: 2\nservices: ${'['.repeat(MAX_CONFIG_NESTING + 1)}${']'.repeat(MAX_CONFIG_NESTING + 1)}\n`,
    ];
    for (const bomb of bombs) expect(await problemsOf(bomb)).toEqual([`document: ${CONFIG_MSG.tooDeep}`]);
    expect(await exportYaml(lab.admin)).toBe(before);
  });

  it('still reads brackets inside quotes, comments and shallow nesting as what they are', async () => {
    const brackets = '['.repeat(MAX_CONFIG_NESTING + 5);
    const yaml = [
      'version: 2',
      `# ${brackets}`,
      'services:',
      `  - name: "${brackets}"`,
      '    url: https://quoted.example.test',
      `    tooltip: '${brackets}'`,
      `    check: {conditions: ["[STATUS] == 200"], headers: {X-A: "b"}}`,
    ].join('\n');
    const response = await importYaml(lab.admin, `${yaml}\n`, 'dryRun=true');
    expect(response.status, response.text).toBe(200);
  });

  it('refuses alias bombs and scalars over the size limit', async () => {
    const bomb = ['version: 2', 'a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const name of ['b', 'c', 'd', 'e', 'f']) {
      const previous = String.fromCharCode(name.charCodeAt(0) - 1);
      bomb.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(', ')}]`);
    }
    expect((await problemsOf(`${bomb.join('\n')}\n`))[0]).toMatch(/^document: .*alias/i);
    const huge = await importYaml(lab.admin, `version: 2\nservices: [{name: "${'x'.repeat(MAX_CONFIG_BYTES)}"}]\n`);
    expect(huge.status).toBe(413);
  });
});
