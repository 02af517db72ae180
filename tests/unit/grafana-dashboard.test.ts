import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppMetrics } from '../../src/server/metrics/app-metrics.ts';

/**
 * docs/grafana-dashboard.json is an importable Grafana dashboard (its Prometheus data source an input chosen at
 * import) whose queries name only metrics GET /metrics exposes, with a panel for every metric of ours.
 */

interface Target {
  expr: string;
  datasource: { type: string; uid: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  gridPos: { h: number; w: number; x: number; y: number };
  targets?: Target[];
}
interface Dashboard {
  __inputs: { name: string; type: string; pluginId: string }[];
  schemaVersion: number;
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: { name: string; datasource: { uid: string }; query: { query: string } }[] };
}

const dashboard = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/grafana-dashboard.json'), 'utf8'),
) as Dashboard;
const DATASOURCE = { type: 'prometheus', uid: '${DS_PROMETHEUS}' };
const HISTOGRAM_SERIES = /_(bucket|sum|count)$/;

/** The metrics a scrape exposes, by name and type (from the `# TYPE` lines). */
async function exposedMetrics(): Promise<Map<string, string>> {
  const text = await createAppMetrics(() => Promise.resolve({ servicesDown: 0, outbox: {} })).render();
  const types = new Map<string, string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(match[1] ?? '', match[2] ?? '');
  return types;
}

/** The metric names a PromQL expression selects (every selector of the dashboard carries a label matcher). */
function selectedMetrics(expr: string): string[] {
  return [...expr.matchAll(/([a-zA-Z_:][\w:]*)\{/g)].map((match) => match[1] ?? '');
}

const queryPanels = dashboard.panels.filter((panel) => panel.type !== 'row');
const exprs = queryPanels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));

describe('docs/grafana-dashboard.json', () => {
  it('is a dashboard whose Prometheus data source is chosen at import', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.uid).toBe('homelab-dashboard');
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' }),
    ]);
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of queryPanels) {
      expect(panel.datasource, panel.title).toEqual(DATASOURCE);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource, panel.title).toEqual(DATASOURCE);
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
    }
    for (const variable of dashboard.templating.list) expect(variable.datasource).toEqual(DATASOURCE);
  });

  it('queries only metrics that GET /metrics exposes', async () => {
    const exposed = await exposedMetrics();
    const selected = exprs.flatMap(selectedMetrics);
    expect(selected.length).toBeGreaterThanOrEqual(exprs.length);
    for (const name of selected) {
      const base = name.replace(HISTOGRAM_SERIES, '');
      const known = exposed.has(name) || (exposed.get(base) === 'histogram' && base !== name);
      expect(known, `${name} is not exposed`).toBe(true);
    }
    const variableQueries = dashboard.templating.list.map((variable) => variable.query.query);
    for (const query of variableQueries) {
      const metric = /label_values\((\w+),/.exec(query)?.[1] ?? '';
      expect(exposed.has(metric), query).toBe(true);
    }
  });

  it('has a panel for every metric of ours', async () => {
    const ours = [...(await exposedMetrics()).keys()].filter((name) => name.startsWith('homelab_'));
    expect(ours).toEqual(
      expect.arrayContaining([
        'homelab_checks_total',
        'homelab_check_duration_seconds',
        'homelab_check_schedule_lag_seconds',
        'homelab_services_down',
        'homelab_outbox_pending',
        'homelab_outbox_oldest_age_seconds',
        'homelab_provider_polls_total',
        'homelab_provider_poll_duration_seconds',
        'homelab_http_request_duration_seconds',
      ]),
    );
    const charted = new Set(exprs.flatMap(selectedMetrics).map((name) => name.replace(HISTOGRAM_SERIES, '')));
    for (const name of ours) expect(charted.has(name), name).toBe(true);
  });
});
