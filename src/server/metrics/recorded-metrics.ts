/**
 * The counters and histograms the app records into as things happen: plain numbers, with no dependency. prom-client
 * costs some MiB of RSS once loaded, so it is loaded only at the first scrape of GET /metrics (prom-exposition.ts),
 * which then renders these numbers; an app that is never scraped never loads it.
 */

/** One label set of a metric, keyed by its values in the metric's label order. */
export type Labels<Name extends string> = Readonly<Record<Name, string>>;

/** What one series of a counter holds. */
export interface CounterSeries<Name extends string> {
  readonly labels: Labels<Name>;
  value: number;
}

/** What one series of a histogram holds: how many observations fell in each bucket (not cumulative), sum, count. */
export interface HistogramSeries<Name extends string> {
  readonly labels: Labels<Name>;
  /** One count per upper bound; observations above the last bound are only in `count` (the +Inf bucket). */
  readonly bucketCounts: number[];
  sum: number;
  count: number;
}

/** The metadata prom-client needs to declare the metric at the first scrape. */
export interface MetricInfo<Name extends string> {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly Name[];
}

/** Series kept in the order they were first seen (the order prom-client would list them in). */
abstract class RecordedSeries<
  Name extends string,
  Series extends { labels: Labels<Name> },
> implements MetricInfo<Name> {
  private readonly byKey = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly Name[],
  ) {}

  /** Every series so far, oldest first. */
  series(): IterableIterator<Series> {
    return this.byKey.values();
  }

  /** A metric without labels has its one series from the start, at zero (as prom-client's do). */
  protected seedUnlabelled(): void {
    if (this.labelNames.length === 0) this.seriesOf({} as Labels<Name>);
  }

  protected seriesOf(labels: Labels<Name>): Series {
    // \u0000 never appears in a route pattern, a method, a status or a provider name.
    const key = this.labelNames.map((name) => labels[name]).join('\u0000');
    let series = this.byKey.get(key);
    if (!series) {
      series = this.create(labels);
      this.byKey.set(key, series);
    }
    return series;
  }

  protected abstract create(labels: Labels<Name>): Series;
}

/** A gauge per label set, set from outside (at each scrape). */
export class RecordedGauge<Name extends string = never> extends RecordedSeries<Name, CounterSeries<Name>> {
  constructor(name: string, help: string, labelNames: readonly Name[] = []) {
    super(name, help, labelNames);
    this.seedUnlabelled();
  }

  set(labels: Labels<Name>, value: number): void {
    this.seriesOf(labels).value = value;
  }

  protected create(labels: Labels<Name>): CounterSeries<Name> {
    return { labels, value: 0 };
  }
}

/** A monotonic counter per label set. */
export class RecordedCounter<Name extends string> extends RecordedSeries<Name, CounterSeries<Name>> {
  constructor(name: string, help: string, labelNames: readonly Name[]) {
    super(name, help, labelNames);
    this.seedUnlabelled();
  }

  inc(labels: Labels<Name>, by = 1): void {
    this.seriesOf(labels).value += by;
  }

  /** The series of one label set, for a hot path that counts it often (look it up once, then add to `value`). */
  child(labels: Labels<Name>): CounterSeries<Name> {
    return this.seriesOf(labels);
  }

  protected create(labels: Labels<Name>): CounterSeries<Name> {
    return { labels, value: 0 };
  }
}

/** A histogram per label set, with Prometheus's bucket rule: a value goes to the first bound it does not exceed. */
export class RecordedHistogram<Name extends string> extends RecordedSeries<Name, HistogramSeries<Name>> {
  constructor(
    name: string,
    help: string,
    labelNames: readonly Name[],
    readonly buckets: readonly number[],
  ) {
    super(name, help, labelNames);
    this.seedUnlabelled();
  }

  observe(labels: Labels<Name>, value: number): void {
    // prom-client throws on these; a metric is never worth failing the request or the check that reports it.
    if (!Number.isFinite(value)) return;
    const series = this.seriesOf(labels);
    series.sum += value;
    series.count += 1;
    const bucket = this.buckets.findIndex((bound) => value <= bound);
    if (bucket !== -1) series.bucketCounts[bucket] = (series.bucketCounts[bucket] ?? 0) + 1;
  }

  protected create(labels: Labels<Name>): HistogramSeries<Name> {
    return { labels, bucketCounts: this.buckets.map(() => 0), sum: 0, count: 0 };
  }
}
