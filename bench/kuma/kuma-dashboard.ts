import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figure } from '../results.ts';
import { measurePage } from './dashboard.ts';
import { kumaLoginToken, kumaSubject } from './kuma-subject.ts';
import { restartUntilCaughtUp, type MeasureOptions } from './measure.ts';
import type { RunningServer } from './subject.ts';
import type { CountingTarget } from './target.ts';

/**
 * Kuma's dashboard with N monitors: set up as the server measure does (first account, monitors, restart), and
 * only once every monitor has been checked (so each has history to send), cold loads of /dashboard in Chromium.
 * Its monitor list (`.monitor-list .item`, one link per monitor) stands for our cards.
 */
export async function measureKumaDashboard(target: CountingTarget, options: MeasureOptions): Promise<Figure[]> {
  const subject = kumaSubject();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uptime-kuma-page-'));
  let server: RunningServer | undefined;
  try {
    server = await subject.start(dataDir);
    await subject.setUp(server);
    await subject.addMonitors(server, target.url, options.monitors, options.intervalSeconds);
    const restart = await restartUntilCaughtUp(subject, server, target, options);
    server = restart.server;
    console.log(`Uptime Kuma: ${options.monitors} monitors running; loading /dashboard in Chromium`);
    const page = await measurePage({
      url: `${server.baseUrl}/dashboard`,
      storage: { token: await kumaLoginToken(server) },
      cardSelector: '.monitor-list .item',
      expected: options.monitors,
    });
    // The keys bench/dashboard.ts records ours under, so the table pairs them.
    const n = options.monitors.toLocaleString('en-US');
    const what = `Dashboard with ${n} services in Chromium, cold load`;
    return [
      { key: 'dashboard.cold.fcp', label: `${what}: first contentful paint`, value: page.fcpMs, unit: 'ms' },
      {
        key: 'dashboard.cold.firstCards',
        label: `${what}: first cards painted`,
        value: page.firstCardsMs,
        unit: 'ms',
        goal: '≤ 500 ms',
      },
      { key: 'dashboard.cold.allCards', label: `${what}: all cards there`, value: page.allCardsMs, unit: 'ms' },
      { key: 'dashboard.cold.longTaskTotal', label: `${what}: long tasks, total`, value: page.longTasksMs, unit: 'ms' },
      {
        key: 'dashboard.cold.longTaskMax',
        label: `${what}: longest long task`,
        value: page.longestTaskMs,
        unit: 'ms',
        goal: '≤ 200 ms',
      },
      {
        key: 'dashboard.cold.jsTransferred',
        label: `${what}: JavaScript transferred (compressed)`,
        value: page.jsTransferredKib,
        unit: 'KiB',
      },
      { key: 'dashboard.heap', label: `${what}: JS heap`, value: page.jsHeapMib, unit: 'MiB' },
    ];
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
