import type { Counter, Gauge, Metric } from 'prom-client';
import type { HistogramSeries, RecordedCounter, RecordedGauge, RecordedHistogram } from './recorded-metrics.ts';

/** prom-client's Registry.PROMETHEUS_CONTENT_TYPE, known before prom-client is loaded. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** A recorded metric, tagged with its kind; the exposition lists them in the order given. */
export type DeclaredMetric =
  | { kind: 'counter'; metric: RecordedCounter<string> }
  | { kind: 'gauge'; metric: RecordedGauge<string> }
  | { kind: 'histogram'; metric: RecordedHistogram<string> };

/** Renders the recorded metrics, then the process metrics, in the Prometheus text format. */
export type RenderExposition = () => Promise<string>;

/** One sample of a histogram in the shape prom-client's registry renders (see Histogram.getForPromString). */
interface HistogramValue {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  metricName: string;
}

function histogramValues(name: string, buckets: readonly number[], series: HistogramSeries<string>): HistogramValue[] {
  const sharedLabels = series.labels;
  let cumulative = 0;
  const values: HistogramValue[] = buckets.map((bound, index) => {
    cumulative += series.bucketCounts[index] ?? 0;
    return { labels: { le: bound }, sharedLabels, value: cumulative, metricName: `${name}_bucket` };
  });
  values.push(
    { labels: { le: '+Inf' }, sharedLabels, value: series.count, metricName: `${name}_bucket` },
    { labels: {}, sharedLabels, value: series.sum, metricName: `${name}_sum` },
    { labels: {}, sharedLabels, value: series.count, metricName: `${name}_count` },
  );
  return values;
}

/**
 * Loads prom-client (the first scrape; see recorded-metrics.ts) and builds a registry of the app's own (never
 * prom-client's global one, so several apps in one process do not share or clash) that reads the recorded numbers
 * at each scrape, plus prom-client's process metrics, which start now: they keep an event-loop sampler and a GC
 * observer for the life of the process, which an app that is never scraped (most test apps) should not pay for.
 */
export async function loadExposition(declared: readonly DeclaredMetric[]): Promise<RenderExposition> {
  const prom = await import('prom-client');

  /**
   * A histogram whose samples are the recorded ones. prom-client has no way to set a histogram's buckets, so it
   * answers the registry's read (getForPromString in prom-client 15, which its get() uses too) with our numbers in
   * the same shape its own observations would have; tests/routes/metrics.test.ts reads them back.
   */
  class RecordedPromHistogram extends prom.Histogram {
    constructor(private readonly recorded: RecordedHistogram<string>) {
      super({
        name: recorded.name,
        help: recorded.help,
        labelNames: [...recorded.labelNames],
        buckets: [...recorded.buckets],
        registers: [],
      });
    }

    getForPromString() {
      const { name, help, buckets } = this.recorded;
      const values = [...this.recorded.series()].flatMap((series) => histogramValues(name, buckets, series));
      return Promise.resolve({ name, help, type: 'histogram', values, aggregator: 'sum' });
    }
  }

  // Each built with no registry (prom-client's default is its global one), then registered in the app's own.
  const promMetric = (entry: DeclaredMetric): Metric => {
    if (entry.kind === 'histogram') return new RecordedPromHistogram(entry.metric);
    const { name, help } = entry.metric;
    if (entry.kind === 'gauge') {
      const recorded = entry.metric;
      const gauge: Gauge = new prom.Gauge({
        name,
        help,
        labelNames: [...recorded.labelNames],
        registers: [],
        collect: () => {
          for (const series of recorded.series()) gauge.set(series.labels, series.value);
        },
      });
      return gauge;
    }
    const recorded = entry.metric;
    const counter: Counter = new prom.Counter({
      name,
      help,
      labelNames: [...recorded.labelNames],
      registers: [],
      collect: () => {
        counter.reset();
        for (const series of recorded.series()) counter.inc(series.labels, series.value);
      },
    });
    return counter;
  };

  const registry = new prom.Registry();
  for (const entry of declared) registry.registerMetric(promMetric(entry));
  prom.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 50 });
  return () => registry.metrics();
}
