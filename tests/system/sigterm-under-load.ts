import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { expect } from 'vitest';
import { HttpTargets } from '../fakes/http-targets.ts';
import { TestClient } from '../helpers/http-client.ts';
import { startServerProcess, tempDataDir, type ServerProcess } from '../helpers/server-process.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue 15: SIGTERM under load loses no acknowledged write. Several clients create and rename services as fast as
 * the built server answers, with a live event stream open and the monitor checking what they create; SIGTERM
 * lands in the middle. Every request answered 2xx is recorded; after a restart on the same data each of them is
 * there. The server exits 0, which it does only when its shutdown finished within its 10 s limit (past that, or
 * on a second signal, it exits 1). Shared by shutdown.system.ts (SQLite) and shutdown.pg.system.ts (PostgreSQL).
 */

const WRITERS = 6;
/** Acknowledged writes before SIGTERM: the clients are well into their work. */
const WRITES_BEFORE_SIGNAL = 150;
/** Only a bound so that a hung server fails the test instead of stalling it; the server's own limit is 10 s. */
const EXIT_BOUND_MS = 20_000;

/** What the clients were told was done, and what they tried without an answer (it may or may not have happened). */
class Acknowledged {
  /** Service id -> the name it was last acknowledged with, then names tried later without an answer. */
  readonly names = new Map<number, { acked: string; unanswered: string[] }>();
  /** Names of creations that got no answer: such a service may exist. */
  readonly unansweredCreations = new Set<string>();
  writes = 0;
  writesAfterSignal = 0;
  signalled = false;

  ack(): void {
    this.writes += 1;
    if (this.signalled) this.writesAfterSignal += 1;
  }
}

async function signUpOwner(baseUrl: string): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const account = { username: 'owner', email: 'owner@example.test', password: 'correct horse battery' };
  const registered = await client.post('/api/register', account);
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
  return client;
}

/** A client with its own connections and the owner's session (several browsers of one administrator). */
function sameSession(owner: TestClient): TestClient {
  const client = new TestClient(owner.baseUrl);
  client.cookies = new Map(owner.cookies);
  return client;
}

const isOk = (status: number) => status >= 200 && status < 300;

/**
 * Creates and renames its own services until the server stops answering: a refused connection, a reset or a 503
 * after SIGTERM ends it; any failure before SIGTERM fails the test.
 */
async function writer(client: TestClient, index: number, acks: Acknowledged, targets: HttpTargets): Promise<void> {
  const own: number[] = [];
  for (let n = 0; ; n += 1) {
    const renaming = own.length > 0 && n % 3 !== 0 ? own[n % own.length] : undefined;
    const name = `w${index}-${n}`;
    let status: number;
    try {
      if (renaming === undefined) {
        acks.unansweredCreations.add(name);
        const created = await client.post<{ id: number }>('/api/services', {
          name,
          url: targets.url(`/status/ok?${name}`),
          refreshInterval: 5,
        });
        status = created.status;
        if (isOk(status)) {
          acks.unansweredCreations.delete(name);
          acks.names.set(created.body.id, { acked: name, unanswered: [] });
          own.push(created.body.id);
        }
      } else {
        const entry = acks.names.get(renaming);
        if (!entry) throw new Error(`service ${renaming} untracked`);
        entry.unanswered.push(name);
        status = (await client.put(`/api/services/${renaming}`, { id: renaming, name })).status;
        if (isOk(status)) acks.names.set(renaming, { acked: name, unanswered: [] });
      }
    } catch (error) {
      if (acks.signalled) return;
      throw error;
    }
    if (isOk(status)) acks.ack();
    else if (acks.signalled) return;
    else throw new Error(`${renaming === undefined ? 'POST' : 'PUT'} ${name}: ${status}`);
  }
}

/** Opens GET /api/events; `ended` resolves when the server ends the stream. */
async function openEventStream(client: TestClient): Promise<{ ended: Promise<void> }> {
  const cookie = [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
  const response = await fetch(`${client.baseUrl}/api/events`, { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`event stream: ${response.status}`);
  const reader = response.body.getReader();
  await reader.read(); // the `retry:` line: the stream is open
  const ended = (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // Cut rather than ended: still ended.
    }
  })();
  // Wrapped: an async function returning the promise itself would wait for the stream to end.
  return { ended };
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    const bound = setTimeout(() => child.kill('SIGKILL'), EXIT_BOUND_MS);
    const settle = () => {
      clearTimeout(bound);
      resolve({ code: child.exitCode, signal: child.signalCode });
    };
    if (child.exitCode !== null || child.signalCode !== null) settle();
    else child.once('exit', settle);
  });
}

/** Runs the whole scenario against the built server started with `env` (e.g. DATABASE_URL; none: SQLite). */
export async function sigtermUnderLoad(env: Record<string, string>): Promise<void> {
  const dataDir = tempDataDir('homelab-shutdown-');
  const targets = await new HttpTargets().start();
  let server: ServerProcess | undefined;
  try {
    // Info level, so the log shows the shutdown's own lines.
    const serverEnv = { ...env, LOG_LEVEL: 'info' };
    server = await startServerProcess({ dataDir, env: serverEnv });
    // The built server leads the background work (alone on its database) and says so.
    const ready = await new TestClient(server.baseUrl).get('/readyz');
    expect(ready.body).toEqual({ status: 'ready', leader: true });
    const owner = await signUpOwner(server.baseUrl);
    const acks = new Acknowledged();
    const stream = await openEventStream(owner);
    const failures: Error[] = [];
    const writers = Array.from({ length: WRITERS }, (_, index) =>
      writer(sameSession(owner), index, acks, targets).catch((error: unknown) => {
        failures.push(error instanceof Error ? error : new Error(String(error)));
      }),
    );

    await until(
      () => {
        if (failures[0]) throw failures[0];
        return acks.writes >= WRITES_BEFORE_SIGNAL;
      },
      `${WRITES_BEFORE_SIGNAL} acknowledged writes`,
      60_000,
    );
    const exited = exitOf(server.child);
    acks.signalled = true;
    server.child.kill('SIGTERM');
    const exit = await exited;
    await Promise.all(writers);
    if (failures[0]) throw failures[0];
    await stream.ended;
    const log = server.log();
    expect(exit, log).toEqual({ code: 0, signal: null });
    expect(log).toContain('"msg":"shutting down"');
    expect(log).toContain('"msg":"shut down cleanly"');
    expect(log).not.toContain('"level":50');

    server = await startServerProcess({ dataDir, port: server.port, env: serverEnv });
    const list = await sameSession(owner).get<{ id: number; name: string }[]>('/api/services');
    expect(list.status).toBe(200);
    const stored = new Map(list.body.map((service) => [service.id, service.name]));
    const missing: string[] = [];
    for (const [id, { acked, unanswered }] of acks.names) {
      const name = stored.get(id);
      if (name === undefined) missing.push(`service ${id} (${acked}) is gone`);
      // A rename that got no answer may have been applied; an acknowledged one must be.
      else if (name !== acked && !unanswered.includes(name)) missing.push(`service ${id} is ${name}, not ${acked}`);
    }
    expect(missing).toEqual([]);
    for (const [id, name] of stored) {
      if (!acks.names.has(id)) expect(acks.unansweredCreations, `unexpected service ${id} ${name}`).toContain(name);
    }
    console.log(
      `SIGTERM under load (${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}): ${acks.writes} acknowledged writes ` +
        `(${acks.writesAfterSignal} answered after the signal), ${stored.size} services after restart, exit code 0`,
    );
  } finally {
    await server?.stop();
    await targets.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
