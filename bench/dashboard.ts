/**
 * npm run bench:dashboard -- [services=1000] [visits=3]      (run `npm run build` first)
 *
 * How fast the dashboard appears in a browser (issue 14, goal 3). Starts the built server (dist/server/main.js)
 * with a fresh SQLite DATA_DIR and a local keep-alive target, signs up the first account, creates N services
 * against the target, then opens `/` in Debian's Chromium (playwright-core, 1280 x 800) `visits` times with an
 * empty cache (a new browser context each) and `visits` times with a warm one (same context, reloaded). Each visit
 * records, from navigation start: first contentful paint, the first service card painted (a MutationObserver and
 * the start of the next animation frame, in an init script), all N cards in the page, the total and the longest long task
 * (PerformanceObserver 'longtask'), JavaScript transferred (gzip/brotli bytes on the wire, from Resource Timing)
 * and the JS heap after all cards (CDP Runtime.getHeapUsage). Also prints the JavaScript a first visit must
 * download before the first cards, read from the build (bench/dashboard-chunks.ts). Medians are recorded in
 * bench/results/homelab-dashboard/dashboard[-N].json; `--smoke` (10 services, one visit each) records nothing.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServices, signUpFirstAccount } from './bench-accounts.ts';
import { startLocalTarget } from './local-target.ts';
import { dashboardInitialChunks } from './dashboard-chunks.ts';
import { recordResult, type Figure } from './results.ts';
import { startServerProcess, tempDataDir } from '../tests/helpers/server-process.ts';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const isSmoke = args.includes('--smoke');
const [serviceCount = isSmoke ? 10 : 1000, visits = isSmoke ? 1 : 3] = args.filter((a) => a !== '--smoke').map(Number);
const VIEWPORT = { width: 1280, height: 800 };
const ALL_CARDS_TIMEOUT_MS = 60_000;

interface Visit {
  fcp: number;
  firstCard: number;
  allCards: number;
  longTaskTotal: number;
  longTaskMax: number;
  jsTransferred: number;
  heapMib: number;
}

/** What the init script collects in the page: the first card's paint and each long task's [start, duration]. */
interface Bench {
  firstCard: number;
  longTasks: [number, number][];
}

// Runs in the page before its own scripts: times the first card and collects long tasks.
const INIT_SCRIPT = `
  window.__bench = { firstCard: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (window.__bench.firstCard || !document.querySelector('[data-testid="service-card"]')) return;
    observer.disconnect();
    // The start of the frame that paints the card (a card inserted by a task is painted in the next frame).
    requestAnimationFrame((frameStart) => { window.__bench.firstCard = frameStart; });
  });
  observer.observe(document, { childList: true, subtree: true });
`;

async function measure(context: BrowserContext, page: Page, baseUrl: string, reload: boolean): Promise<Visit> {
  const started = reload ? page.reload() : page.goto(`${baseUrl}/`);
  await started;
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-testid="service-card"]').length >= count,
    serviceCount,
    { timeout: ALL_CARDS_TIMEOUT_MS, polling: 'raf' },
  );
  const allCards = await page.evaluate(() => performance.now());
  // Let the page settle (late long tasks, deferred chunks) before reading the figures.
  await page.waitForTimeout(1_000);
  const figures = await page.evaluate(() => {
    const bench = (window as unknown as { __bench: Bench }).__bench;
    const durations = bench.longTasks.map(([, ms]) => ms);
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const js = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js')) as PerformanceResourceTiming[];
    return {
      fcp,
      firstCard: bench.firstCard,
      longTaskTotal: durations.reduce((sum, value) => sum + value, 0),
      longTaskMax: Math.max(0, ...durations),
      jsTransferred: js.reduce((sum, entry) => sum + entry.transferSize, 0),
    };
  });
  if (process.env.BENCH_TIMELINE) {
    const tasks = await page.evaluate(() => (window as unknown as { __bench: Bench }).__bench.longTasks);
    console.log(
      `long tasks (start:duration ms): ${tasks.map(([start, ms]) => `${start.toFixed(0)}:${ms.toFixed(0)}`).join(' ')}`,
    );
    console.log(
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map(
            (e) =>
              `${e.name.replace(location.origin, '').padEnd(48)} ${e.startTime.toFixed(0).padStart(6)} ${(e as PerformanceResourceTiming).responseEnd.toFixed(0).padStart(6)}`,
          )
          .join('\n'),
      ),
    );
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return { ...figures, allCards, heapMib: heap.usedSize / 2 ** 20 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function print(label: string, runs: Visit[]): void {
  const row = (key: keyof Visit, unit: string, digits = 0) =>
    `${key}=${median(runs.map((run) => run[key])).toFixed(digits)}${unit}`;
  console.log(
    `${label.padEnd(6)} ${row('fcp', ' ms')} ${row('firstCard', ' ms')} ${row('allCards', ' ms')} ` +
      `${row('longTaskTotal', ' ms')} ${row('longTaskMax', ' ms')} ` +
      `jsTransferred=${(median(runs.map((run) => run.jsTransferred)) / 1024).toFixed(1)} KiB ${row('heapMib', ' MiB', 1)}`,
  );
}

async function main(): Promise<void> {
  const chunks = dashboardInitialChunks();
  const initialGzip = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) / 1024;
  console.log(`initial JavaScript (build): ${initialGzip.toFixed(1)} KiB gzipped in ${chunks.length} chunks`);

  const dataDir = tempDataDir('homelab-bench-dashboard-');
  const target = await startLocalTarget();
  const server = await startServerProcess({ dataDir });
  let browser: Browser | undefined;
  try {
    const cookie = await signUpFirstAccount(server.baseUrl);
    await createServices(server.baseUrl, cookie, {
      count: serviceCount,
      targetUrl: target.url,
      refreshInterval: 60,
      extra: (index) => ({ tooltip: index % 2 === 0 ? `Runs on host ${index % 17}` : undefined }),
    });
    console.log(`${serviceCount} services created; ${visits} cold and ${visits} warm visits`);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
    const [name, value] = cookie.split('=') as [string, string];
    const newContext = async () => {
      const context = await browser!.newContext({ viewport: VIEWPORT, baseURL: server.baseUrl });
      await context.addCookies([{ name, value: value.split(';')[0] ?? '', url: server.baseUrl }]);
      await context.addInitScript(INIT_SCRIPT);
      return context;
    };
    const cold: Visit[] = [];
    for (let i = 0; i < visits; i += 1) {
      const context = await newContext();
      cold.push(await measure(context, await context.newPage(), server.baseUrl, false));
      await context.close();
    }
    const warmContext = await newContext();
    const warmPage = await warmContext.newPage();
    await measure(warmContext, warmPage, server.baseUrl, false);
    const warm: Visit[] = [];
    for (let i = 0; i < visits; i += 1) warm.push(await measure(warmContext, warmPage, server.baseUrl, true));
    await warmContext.close();
    print('cold', cold);
    print('warm', warm);

    if (isSmoke) return;
    const size = serviceCount === 1000 ? '' : `-${serviceCount}`;
    const at = `${serviceCount.toLocaleString('en')} services`;
    // Issue 14 sets the paint and long-task goals at 1,000 services; larger runs are recorded without them.
    const timed = (goal: string) => (serviceCount === 1000 ? goal : undefined);
    const figure = (key: string, label: string, value: number, unit: string, goal?: string): Figure => ({
      key: `dashboard${size}.${key}`,
      label: `Dashboard, ${at}: ${label}`,
      value: Math.round(value * 10) / 10,
      unit,
      ...(goal ? { goal } : {}),
    });
    const m = (runs: Visit[], key: keyof Visit) => median(runs.map((run) => run[key]));
    recordResult({
      bench: `dashboard${size}`,
      subject: 'homelab-dashboard',
      method: `Built server, SQLite, ${at}; Chromium 1280x800 opens / ${visits} times with an empty cache and ${visits} times reloaded (medians); paints and long tasks from the page's PerformanceObservers, heap from CDP after all cards.`,
      command: `npm run build && npm run bench:dashboard -- ${serviceCount} ${visits}`,
      figures: [
        figure(
          'initialJsGzip',
          'JavaScript before the first cards (gzipped, from the build)',
          initialGzip,
          'KiB',
          '≤ 150 KB',
        ),
        figure('cold.fcp', 'first contentful paint, empty cache', m(cold, 'fcp'), 'ms'),
        figure('cold.firstCards', 'first cards painted, empty cache', m(cold, 'firstCard'), 'ms', timed('≤ 500 ms')),
        figure('cold.allCards', 'all cards in the page, empty cache', m(cold, 'allCards'), 'ms'),
        figure('cold.longTaskMax', 'longest long task, empty cache', m(cold, 'longTaskMax'), 'ms', timed('≤ 200 ms')),
        figure('cold.longTaskTotal', 'total long-task time, empty cache', m(cold, 'longTaskTotal'), 'ms'),
        figure('cold.jsTransferred', 'JavaScript transferred, empty cache', m(cold, 'jsTransferred') / 1024, 'KiB'),
        figure('warm.firstCards', 'first cards painted, warm cache', m(warm, 'firstCard'), 'ms', timed('≤ 500 ms')),
        figure('warm.allCards', 'all cards in the page, warm cache', m(warm, 'allCards'), 'ms'),
        figure('warm.longTaskMax', 'longest long task, warm cache', m(warm, 'longTaskMax'), 'ms', timed('≤ 200 ms')),
        figure('heap', 'JS heap after all cards', m(cold, 'heapMib'), 'MiB'),
      ],
    });
  } finally {
    await browser?.close();
    await server.stop();
    target.child.kill();
  }
}

await main();
