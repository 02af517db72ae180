import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HistoryBar } from '../../src/client/features/service-card/history-bar';
import { ServiceDetails } from '../../src/client/features/service-card/service-details';
import { serviceFixture } from './service-fixture';

const NO_LINES = { statusBadge: true, refreshInterval: false, lastChecked: false, serviceUrl: false, uptimeLog: false };

describe('the failed check on a card', () => {
  it('shows why a down service is down, even with every detail line off', () => {
    const service = serviceFixture({ id: 1, name: 'API', status: false, failure: '[STATUS] == 200 (was 503)' });
    render(<ServiceDetails service={service} flags={NO_LINES} canOpen />);
    expect(screen.getByRole('definition').textContent).toBe('[STATUS] == 200 (was 503)');
    expect(screen.getByRole('term').textContent).toBe('Failed check');
  });

  it('shows nothing for an up service or one without a reason', () => {
    const up = serviceFixture({ id: 1, name: 'API', status: true, failure: 'stale' });
    const { container } = render(<ServiceDetails service={up} flags={NO_LINES} canOpen />);
    expect(container.textContent).toBe('');
    const unknown = serviceFixture({ id: 2, name: 'Old', status: false });
    const second = render(<ServiceDetails service={unknown} flags={NO_LINES} canOpen />);
    expect(second.container.textContent).toBe('');
  });

  it('names the reason of the change that made each down segment of the history bar down', () => {
    const checks = [
      { timestamp: '2026-11-26T10:00:00.000Z', status: true, responseTime: 12 },
      { timestamp: '2026-11-26T10:01:00.000Z', status: false, responseTime: null },
      { timestamp: '2026-11-26T10:02:00.000Z', status: false, responseTime: 30 },
    ];
    const changes = [
      { changedAt: '2026-11-26T10:01:00.000Z', status: false, reason: 'connect ECONNREFUSED 10.0.0.2:5432' },
      { changedAt: '2026-11-26T09:00:00.000Z', status: true, reason: null },
    ];
    render(<HistoryBar checks={checks} changes={changes} onlineColor="#0f0" offlineColor="#f00" />);
    const titles = [...screen.getByTestId('history-bar').querySelectorAll('[data-status]')].map((segment) =>
      segment.getAttribute('title'),
    );
    expect(titles[0]).not.toContain('ECONNREFUSED');
    expect(titles[1]).toMatch(/ · Down · connect ECONNREFUSED 10\.0\.0\.2:5432$/);
    expect(titles[2]).toMatch(/ · Down · 30 ms · connect ECONNREFUSED 10\.0\.0\.2:5432$/);
  });
});
