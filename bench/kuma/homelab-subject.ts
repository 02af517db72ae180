import path from 'node:path';
import { startServerProcess } from '../../tests/helpers/server-process.ts';
import { createServices, signUpFirstAccount } from '../bench-accounts.ts';
import type { BenchSubject } from './subject.ts';

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
      cookies.set(server.port, await signUpFirstAccount(server.baseUrl));
    },
    async addMonitors(server, targetUrl, count, intervalSeconds) {
      const cookie = cookies.get(server.port);
      if (!cookie) throw new Error('setUp first');
      await createServices(server.baseUrl, cookie, { count, targetUrl, refreshInterval: intervalSeconds });
    },
  };
}
