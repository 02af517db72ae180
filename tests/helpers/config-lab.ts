// Apps for the configuration-as-code route tests (tests/routes/config-transfer*.test.ts): each lab is a fresh app
// with its actors and a signed-in admin, and the export and import calls as the Settings page makes them.
import { expect } from 'vitest';
import type { ConfigImportWire } from '../../src/shared/schemas/config-transfer.ts';
import { GameServersRepository } from '../../src/server/repositories/game-servers.repository.ts';
import { createActors, type Actor, type ActorKind } from './actors.ts';
import type { TestClient, TestResponse } from './http-client.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export interface Lab {
  app: TestApp;
  actors: Record<ActorKind, Actor>;
  admin: TestClient;
}

/** Starts labs and closes them all (call `close` in afterAll). */
export function configLabs(): { start: () => Promise<Lab>; close: () => Promise<void> } {
  const labs: Lab[] = [];
  return {
    async start() {
      const app = await startTestApp();
      const actors = await createActors(app);
      const lab = { app, actors, admin: await actors.admin.signIn() };
      labs.push(lab);
      return lab;
    },
    async close() {
      for (const lab of labs.splice(0)) await lab.app.close();
    },
  };
}

/** An AMP instance as the AMP poller would have stored it. */
export async function addAmpServer(lab: Lab): Promise<void> {
  await new GameServersRepository(lab.app.testDb.db.kysely).applySnapshot(
    'amp',
    [
      {
        instanceId: 'amp-instance-1',
        name: 'Minecraft01',
        displayName: 'Minecraft',
        type: 'MinecraftModule',
        online: false,
        playerCount: 0,
        maxPlayers: 20,
        cpuUsage: 0,
        memoryUsage: 0,
        maxMemory: 4096,
        port: 25565,
      },
    ],
    new Date().toISOString(),
    true,
  );
}

/** The answer, after checking its status (the body in the message when it differs). */
export async function ok<T>(response: Promise<TestResponse<T>>, status = 200): Promise<TestResponse<T>> {
  const answer = await response;
  expect(answer.status, answer.text).toBe(status);
  return answer;
}

export async function exportYaml(client: TestClient): Promise<string> {
  const response = await client.get('/api/config/export');
  expect(response.status, response.text).toBe(200);
  return response.text;
}

export function importYaml(client: TestClient, yaml: string, query = 'dryRun=false') {
  return client.request<ConfigImportWire & { message: string; problems: string[] }>(
    'POST',
    `/api/config/import?${query}`,
    { raw: yaml, headers: { 'content-type': 'application/yaml' } },
  );
}

/** One section of an import's diff. */
export function sectionOf(result: ConfigImportWire, section: ConfigImportWire['sections'][number]['section']) {
  const diff = result.sections.find((entry) => entry.section === section);
  if (!diff) throw new Error(`no ${section} section in the diff`);
  return diff;
}
