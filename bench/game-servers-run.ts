/**
 * The measured side of `npm run bench:game-servers` (see game-servers.ts): a real SQLite database and the real
 * provider, poller and repository, against the fake AMP whose address arrives in AMP_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { createGameServerServices } from '../src/server/game-servers/game-servers.module.ts';
import { UsersRepository } from '../src/server/repositories/users.repository.ts';
import { systemClock } from '../src/server/services/clock.ts';
import Fastify from 'fastify';

const polls = Number(process.argv[2] ?? 20);
const { AMP_URL = '', AMP_USERNAME = '', AMP_PASSWORD = '' } = process.env;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-game-servers-'));
const db = openDatabase({ sqlitePath: path.join(dir, 'homelab.db') });
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

try {
  await migrateToLatest(db);
  const services = createGameServerServices({
    db: db.kysely,
    clock: systemClock,
    log: Fastify({ logger: false }).log,
    users: new UsersRepository(db.kysely),
    ampConfig: {
      current: () => Promise.resolve({ url: AMP_URL, username: AMP_USERNAME, password: AMP_PASSWORD }),
      onChange: () => undefined,
    },
    gameHost: () => Promise.resolve(null),
    allowMetadataTargets: () => Promise.resolve(false),
    enqueueMails: () => Promise.resolve(),
    siteTitle: () => Promise.resolve('bench'),
    publicUrl: 'http://localhost:5000',
    maxQueryServers: Number.MAX_SAFE_INTEGER,
  });
  const poller = services.gameServerPollers[0];
  if (!poller) throw new Error('no AMP poller');

  const measure = async () => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await poller.poll();
    const used = process.cpuUsage(cpu);
    return { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started };
  };

  gc();
  const rssStart = process.memoryUsage().rss;
  const first = await measure();
  const rows = (
    await db.kysely
      .selectFrom('game_servers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
  )?.n;
  console.log(
    `first poll (login + ${rows} rows inserted): ${first.cpuMs.toFixed(1)} ms CPU, ${first.wallMs.toFixed(1)} ms wall`,
  );

  const steady: { cpuMs: number; wallMs: number }[] = [];
  let rssPeak = process.memoryUsage().rss;
  for (let i = 0; i < polls; i += 1) {
    steady.push(await measure());
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(
    `steady poll (${rows} rows updated), median of ${polls}: ` +
      `${median(steady.map((s) => s.cpuMs)).toFixed(1)} ms CPU, ${median(steady.map((s) => s.wallMs)).toFixed(1)} ms wall`,
  );
  gc();
  const rssEnd = process.memoryUsage().rss;
  console.log(
    `RSS: ${mib(rssStart)} MiB before the first poll, peak ${mib(rssPeak)} MiB, ${mib(rssEnd)} MiB after ` +
      `${polls + 1} polls (heap used ${mib(process.memoryUsage().heapUsed)} MiB)`,
  );
} finally {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
