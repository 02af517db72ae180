/**
 * Uptime Kuma's dashboard with N monitors in Chromium (playwright-core with Debian's /usr/bin/chromium, as
 * tests/e2e/harness.ts launches it), measured the way issue 14 asks of ours: first contentful paint, first
 * monitor in the list painted, all N in the list, total and longest long task, JavaScript transferred (as sent,
 * compressed) and JS heap. Each run is a cold load in a fresh browser context, already signed in (the token
 * Kuma's frontend keeps in localStorage); the median of the runs is reported.
 */
import { chromium } from 'playwright-core';
import { percentile } from '../process-stats.ts';

export interface PageFigures {
  fcpMs: number;
  firstCardsMs: number;
  allCardsMs: number;
  longTasksMs: number;
  longestTaskMs: number;
  jsTransferredKib: number;
  jsHeapMib: number;
}

/** What observe() collects in the page. */
interface BenchFigures {
  fcp: number;
  firstCards: number;
  allCards: number;
  longTasks: number;
  longest: number;
}

interface PageRun {
  url: string;
  /** localStorage entries set before the page's scripts run (the session). */
  storage: Record<string, string>;
  /** One element per monitor in the list. */
  cardSelector: string;
  expected: number;
}

/**
 * Runs in the page before its own scripts: observers for paint and long tasks, and a per-frame card count (not
 * one on every mutation, which would add long tasks of its own to a 1,000-item list). Plain JavaScript text: a
 * function passed to Playwright would be serialised after tsx's transform, whose name helpers the page lacks.
 */
function observerScript(run: PageRun): string {
  return `(() => {
  for (const [key, value] of Object.entries(${JSON.stringify(run.storage)})) localStorage.setItem(key, value);
  const figures = { fcp: 0, firstCards: 0, allCards: 0, longTasks: 0, longest: 0 };
  window.benchFigures = figures;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      figures.longTasks += entry.duration;
      figures.longest = Math.max(figures.longest, entry.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') figures.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const frame = (now) => {
    const count = document.querySelectorAll(${JSON.stringify(run.cardSelector)}).length;
    if (count > 0 && figures.firstCards === 0) figures.firstCards = now;
    if (count >= ${run.expected}) figures.allCards = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export async function measurePage(run: PageRun, runs = 3): Promise<PageFigures> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const results: PageFigures[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript({ content: observerScript(run) });
      await page.goto(run.url);
      await page.waitForFunction(
        () => (window as unknown as { benchFigures: BenchFigures }).benchFigures.allCards > 0,
        undefined,
        { timeout: 120_000, polling: 250 },
      );
      // Long tasks that end after the last card are part of the load too; the observer reports them late.
      await page.waitForTimeout(1_000);
      const figures = await page.evaluate(() => {
        const recorded = (window as unknown as { benchFigures: BenchFigures }).benchFigures;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js')) as PerformanceResourceTiming[];
        const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
        return {
          ...recorded,
          jsBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
          heap: memory?.usedJSHeapSize ?? 0,
        };
      });
      results.push({
        fcpMs: figures.fcp,
        firstCardsMs: figures.firstCards,
        allCardsMs: figures.allCards,
        longTasksMs: figures.longTasks,
        longestTaskMs: figures.longest,
        jsTransferredKib: figures.jsBytes / 1024,
        jsHeapMib: figures.heap / 1024 / 1024,
      });
      console.log(
        `  run ${i + 1}: ${JSON.stringify(results.at(-1), (_key, value: unknown) => (typeof value === 'number' ? Math.round(value) : value))}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const keys = Object.keys(results[0] ?? {}) as Array<keyof PageFigures>;
  return Object.fromEntries(
    keys.map((key) => [key, median(results.map((result) => result[key]))]),
  ) as unknown as PageFigures;
}
