import path from 'node:path';
import { Pool } from 'undici';
import { startServerProcess } from '../../tests/helpers/server-process.ts';
import { ADMIN, type BenchSubject } from './subject.ts';

/** Concurrent creations, as bench/api.ts creates its services. */
const CLIENTS = 10;

/** This server, built (`npm run build`), as `npm start` runs it: dist/server/main.js with a fresh DATA_DIR. */
export function homelabSubject(): BenchSubject {
  const cookies = new Map<number, string>();
  return {
    id: 'homelab-dashboard',
    name: 'Homelab Dashboard',
    databaseFile: (dataDir) => path.join(dataDir, 'homelab.db'),
    async start(dataDir, port) {
      const server = await startServerProcess({ dataDir, port, env: { GEOIP: 'off', LOG_LEVEL: 'warn' } });
      return {
        pid: server.child.pid ?? 0,
        port: server.port,
        dataDir,
        baseUrl: server.baseUrl,
        stop: () => server.stop(),
        log: () => server.log(),
      };
    },
    async setUp(server) {
      const registered = await fetch(`${server.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
      const cookie = registered.headers
        .getSetCookie()
        .map((entry) => entry.split(';')[0])
        .join('; ');
      cookies.set(server.port, cookie);
    },
    async addMonitors(server, targetUrl, count, intervalSeconds) {
      const cookie = cookies.get(server.port);
      if (!cookie) throw new Error('setUp first');
      const pool = new Pool(server.baseUrl, { connections: CLIENTS });
      let next = 0;
      const createOne = async (index: number) => {
        const response = await pool.request({
          method: 'POST',
          path: '/api/services',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Service ${String(index).padStart(4, '0')}`,
            url: `${targetUrl}/health/${index}`,
            refreshInterval: intervalSeconds,
          }),
        });
        const text = await response.body.text();
        if (response.statusCode !== 201) throw new Error(`create service: ${response.statusCode} ${text}`);
      };
      try {
        await Promise.all(
          Array.from({ length: CLIENTS }, async () => {
            while (next < count) await createOne((next += 1));
          }),
        );
      } finally {
        await pool.close();
      }
    },
  };
}
