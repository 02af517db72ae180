import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkResultLabel, createAppMetrics, type ScrapeSnapshot } from './app-metrics.ts';

const SNAPSHOT: ScrapeSnapshot = {
  servicesDown: 3,
  outbox: { email: { pending: 2, oldestAgeSeconds: 42.5 }, channel: { pending: 0, oldestAgeSeconds: 0 } },
};

/** The value of one sample line of the text format, e.g. `homelab_checks_total{result="up"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('checkResultLabel', () => {
  it.each([
    [{ up: true, responseTime: 12, error: null }, 'up'],
    [{ up: false, responseTime: 12, error: 'HTTP 500' }, 'down'],
    [{ up: false, responseTime: null, error: 'connect ECONNREFUSED 127.0.0.1:1' }, 'down'],
    [{ up: false, responseTime: null, error: 'timeout' }, 'timeout'],
    [{ up: false, responseTime: null, error: 'cloud metadata address', refused: true as const }, 'refused'],
  ])('%o is %s', (outcome, label) => {
    expect(checkResultLabel(outcome)).toBe(label);
  });
});

describe('createAppMetrics', () => {
  it('keeps each app on a registry of its own', async () => {
    const first = createAppMetrics(() => Promise.resolve(SNAPSHOT));
    const second = createAppMetrics(() => Promise.resolve({ ...SNAPSHOT, servicesDown: 0 }));
    first.checks.finished({ up: true, responseTime: 5, error: null }, 5);
    first.checks.finished({ up: false, responseTime: null, error: 'timeout' }, 30_000);
    first.polls('query', 'ok', 20);
    first.requests('/api/services/:id', 'PUT', 200, 0.004);

    const [one, two] = await Promise.all([first.render(), second.render()]);
    expect(sample(one, 'homelab_checks_total{result="up"}')).toBe(1);
    expect(sample(one, 'homelab_checks_total{result="timeout"}')).toBe(1);
    expect(sample(one, 'homelab_check_duration_seconds_bucket{le="30"}')).toBe(2);
    expect(sample(one, 'homelab_check_duration_seconds_bucket{le="0.005"}')).toBe(1);
    expect(sample(one, 'homelab_provider_polls_total{provider="game-query",result="ok"}')).toBe(1);
    expect(
      sample(one, 'homelab_http_request_duration_seconds_count{route="/api/services/:id",method="PUT",status="200"}'),
    ).toBe(1);
    expect(sample(one, 'homelab_services_down')).toBe(3);
    expect(sample(one, 'homelab_outbox_pending{queue="email"}')).toBe(2);
    expect(sample(one, 'homelab_outbox_oldest_age_seconds{queue="email"}')).toBe(42.5);
    expect(sample(one, 'homelab_outbox_pending{queue="channel"}')).toBe(0);
    // The other app saw none of it, and both carry the process metrics.
    expect(sample(two, 'homelab_checks_total{result="up"}')).toBe(0);
    expect(sample(two, 'homelab_services_down')).toBe(0);
    expect(two).not.toContain('provider="game-query"');
    expect(one).toContain('# TYPE process_cpu_seconds_total counter');
    expect(two).toContain('# TYPE process_cpu_seconds_total counter');
    expect(first.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('reads the scrape-time gauges again at every scrape', async () => {
    let down = 1;
    const metrics = createAppMetrics(() => Promise.resolve({ ...SNAPSHOT, servicesDown: down }));
    expect(sample(await metrics.render(), 'homelab_services_down')).toBe(1);
    down = 0;
    expect(sample(await metrics.render(), 'homelab_services_down')).toBe(0);
  });
});

// Run in a process of its own: whether prom-client is loaded is process-wide, and other tests load it.
const LOAD_PROBE = `
  import { createRequire } from 'node:module';
  const { createAppMetrics } = await import(process.argv[1]);
  const isLoaded = () =>
    Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/prom-client/'));
  const metrics = createAppMetrics(() => Promise.resolve({ servicesDown: 1, outbox: {} }));
  metrics.checks.started(3);
  metrics.checks.finished({ up: true, responseTime: 5, error: null }, 5);
  metrics.polls('amp', 'ok', 20);
  metrics.requests('/api/services', 'GET', 200, 0.002);
  const beforeScrape = isLoaded();
  const text = await metrics.render();
  console.log(JSON.stringify({ beforeScrape, afterScrape: isLoaded(), text }));
`;

describe('prom-client', () => {
  it('is loaded at the first scrape, not when the metrics are created and fed (idle memory)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        LOAD_PROBE,
        fileURLToPath(new URL('app-metrics.ts', import.meta.url)),
      ],
      { cwd: fileURLToPath(new URL('../../..', import.meta.url)) },
    );
    const probe = JSON.parse(stdout) as { beforeScrape: boolean; afterScrape: boolean; text: string };
    expect(probe.beforeScrape).toBe(false);
    expect(probe.afterScrape).toBe(true);
    // What was recorded before it loaded is all in the first scrape.
    expect(sample(probe.text, 'homelab_checks_total{result="up"}')).toBe(1);
    expect(sample(probe.text, 'homelab_check_schedule_lag_seconds_bucket{le="0.005"}')).toBe(1);
    expect(sample(probe.text, 'homelab_provider_polls_total{provider="amp",result="ok"}')).toBe(1);
    expect(
      sample(probe.text, 'homelab_http_request_duration_seconds_sum{route="/api/services",method="GET",status="200"}'),
    ).toBe(0.002);
    expect(sample(probe.text, 'homelab_services_down')).toBe(1);
  });
});
