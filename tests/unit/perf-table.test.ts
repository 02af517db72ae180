import { describe, expect, it } from 'vitest';
import { END_MARKER, START_MARKER, formatValue, renderTable, replaceSection } from '../../bench/perf-table.ts';
import type { BenchResult } from '../../bench/results.ts';

function result(overrides: Partial<BenchResult> & Pick<BenchResult, 'bench' | 'subject' | 'figures'>): BenchResult {
  return {
    measuredAt: '2026-11-26T15:00:00.000Z',
    machine: '2 x Test CPU, 4 GiB, Node 20.20.2',
    method: 'A sample method.',
    command: `npm run bench:${overrides.bench}`,
    ...overrides,
  };
}

const cpu = { key: 'monitor.cpuMsPerCheck', label: '1,000 checks at 20 s: CPU per check', unit: 'ms' };

describe('performance table', () => {
  it('puts our figure, the goal and Uptime Kuma’s figure with the same key on one row', () => {
    const body = renderTable([
      result({ bench: 'monitor', subject: 'homelab-dashboard', figures: [{ ...cpu, value: 0.183, goal: '≤ 0.2 ms' }] }),
      result({ bench: 'monitor', subject: 'uptime-kuma', figures: [{ ...cpu, value: 4.61 }] }),
    ]);
    expect(body).toContain('| 1,000 checks at 20 s: CPU per check | 0.183 ms | ≤ 0.2 ms | 4.61 ms |');
  });

  it('says why Uptime Kuma has no value: not comparable by key prefix, otherwise not measured', () => {
    const body = renderTable([
      result({
        bench: 'api',
        subject: 'homelab-dashboard',
        figures: [{ key: 'api.br.rps', label: 'requests/s', value: 1234.4, unit: 'req/s', goal: '≥ 1,000' }],
      }),
      result({
        bench: 'history',
        subject: 'homelab-dashboard',
        figures: [{ key: 'history.bytesPerCheck', label: 'bytes per check', value: 41.26, unit: 'B' }],
      }),
    ]);
    expect(body).toMatch(/\| requests\/s \| 1,234 req\/s \| ≥ 1,000 \| not comparable: no HTTP list \(socket\.io\) \|/);
    expect(body).toContain('| bytes per check | 41.3 B |  | not measured |');
  });

  it('puts the figures both have before the rest', () => {
    const body = renderTable([
      result({
        bench: 'api',
        subject: 'homelab-dashboard',
        figures: [{ key: 'api.rps', label: 'rps', value: 1, unit: '' }],
      }),
      result({ bench: 'server', subject: 'homelab-dashboard', figures: [{ ...cpu, value: 0.2 }] }),
      result({ bench: 'server', subject: 'uptime-kuma', figures: [{ ...cpu, value: 4 }] }),
    ]);
    expect(body.indexOf(cpu.label)).toBeLessThan(body.indexOf('| rps |'));
  });

  it('shows a figure only Uptime Kuma has, and a newer run of the same key replaces an older one', () => {
    const body = renderTable([
      result({
        bench: 'restart',
        subject: 'uptime-kuma',
        measuredAt: '2026-11-26T15:00:00.000Z',
        figures: [{ key: 'restart.catchUpS', label: 'catch-up after a restart', value: 700, unit: 's' }],
      }),
      result({
        bench: 'restart',
        subject: 'uptime-kuma',
        measuredAt: '2026-11-27T15:00:00.000Z',
        figures: [{ key: 'restart.catchUpS', label: 'catch-up after a restart', value: 655.2, unit: 's' }],
      }),
    ]);
    expect(body).toContain('| catch-up after a restart | not measured |  | 655 s |');
    expect(body).not.toContain('700 s');
  });

  it('lists each run with its machine, date and command, escaping pipes in cells', () => {
    const body = renderTable([
      result({
        bench: 'monitor',
        subject: 'uptime-kuma',
        method: 'heartbeats | per second',
        figures: [{ ...cpu, value: 4.6 }],
      }),
    ]);
    expect(body).toContain(
      '| monitor | Uptime Kuma | 2026-11-26 15:00 | 2 x Test CPU, 4 GiB, Node 20.20.2 | heartbeats \\| per second | `npm run bench:monitor` |',
    );
  });

  it('says so when nothing is recorded', () => {
    expect(renderTable([])).toContain('No benchmark results are recorded yet.');
  });

  it('formats whole numbers from 100 up and three significant digits below', () => {
    expect(formatValue(254.4, 'MiB')).toBe('254 MiB');
    expect(formatValue(0.18349, 'ms')).toBe('0.183 ms');
    expect(formatValue(12, 'ms')).toBe('12 ms');
  });

  it('replaces only the text between the markers, and refuses a README without them', () => {
    const readme = `# Title\n\n${START_MARKER}\nold\n${END_MARKER}\n\n## Next\n`;
    expect(replaceSection(readme, 'new')).toBe(`# Title\n\n${START_MARKER}\nnew\n${END_MARKER}\n\n## Next\n`);
    expect(() => replaceSection('# Title\n', 'new')).toThrow(/perf-table:start/);
  });
});
