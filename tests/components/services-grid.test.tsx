import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFLINE_COLOR, DEFAULT_ONLINE_COLOR } from '#shared/constants';
import type { ServiceWire } from '#shared/schemas/service';
import { SERVICES_QUERY_KEY } from '../../src/client/api/services.api';
import { activeMaintenanceQueryOptions } from '../../src/client/api/status-pages.api';
import { applyServiceChanges } from '../../src/client/features/live-updates/use-live-updates';
import { StatusBadge } from '../../src/client/features/service-card/service-badges';
import { ServicesGrid } from '../../src/client/features/services/services-grid';
import { until } from '../helpers/until';
import { renderInApp, stubApi } from './render';
import { serviceFixture } from './service-fixture';

const FLAGS = { statusBadge: true, refreshInterval: true, lastChecked: true, serviceUrl: true, uptimeLog: false };

function services(count: number): ServiceWire[] {
  return Array.from({ length: count }, (_, index) =>
    serviceFixture({ id: index + 1, name: `Service ${String(index + 1).padStart(4, '0')}` }),
  );
}

describe('the services grid of a long list', () => {
  // 400 cards drawn in steps in happy-dom took 5.3-5.5 s on two cores shared with a soak and a CI run: more than the
  // default 5 s test timeout, so this one has 30 s.
  it('draws every card in steps, in order, and marks only the services in a maintenance window', async () => {
    stubApi(() => ({ status: 200, body: { serviceIds: [7, 250] } }));
    const list = services(400);
    renderInApp(
      <ServicesGrid
        services={list}
        flags={FLAGS}
        onlineColor="#22c55e"
        offlineColor="#ef4444"
        showAdminControls={false}
        onEdit={() => undefined}
        onDelete={() => undefined}
        onReorder={() => undefined}
      />,
      {
        configure: (queryClient) =>
          queryClient.setQueryData(activeMaintenanceQueryOptions().queryKey, { serviceIds: [7, 250] }),
      },
    );
    // The first screen comes at once, the rest in later steps.
    expect(screen.getAllByTestId('service-card').length).toBeLessThan(list.length);
    await until(() => screen.queryAllByTestId('service-card').length === list.length, 'all 400 cards', 25_000);

    const cards = screen.getAllByTestId('service-card');
    expect(cards.map((card) => Number(card.getAttribute('data-service-id')))).toEqual(list.map((s) => s.id));
    const marked = screen.getAllByTestId('maintenance-badge').map((badge) => badge.closest('article'));
    expect(marked.map((card) => card?.getAttribute('data-service-id'))).toEqual(['7', '250']);
    expect(within(cards[6]!).getByTestId('maintenance-badge').textContent).toBe('Maintenance');
  }, 30_000);
});

describe('pushed status changes', () => {
  it('are written in one pass: the last change of a service wins and the others keep their objects', () => {
    const queryClient = new QueryClient();
    const list = services(3);
    queryClient.setQueryData(SERVICES_QUERY_KEY, list);
    applyServiceChanges(queryClient, [
      { id: 2, status: false, lastChecked: '2030-01-01T12:01:00.000Z' },
      { id: 3, status: false, lastChecked: '2030-01-01T12:01:00.000Z' },
      { id: 2, status: true, lastChecked: '2030-01-01T12:02:00.000Z' },
      { id: 99, status: false, lastChecked: '2030-01-01T12:02:00.000Z' },
    ]);
    const after = queryClient.getQueryData<ServiceWire[]>(SERVICES_QUERY_KEY)!;
    expect(after.map((s) => [s.id, s.status, s.lastChecked])).toEqual([
      [1, true, '2030-01-01T12:00:00.000Z'],
      [2, true, '2030-01-01T12:02:00.000Z'],
      [3, false, '2030-01-01T12:01:00.000Z'],
    ]);
    expect(after[0]).toBe(list[0]);
  });
});

describe('status badge colours', () => {
  it('fall back to the default online and offline colours apart when the configured ones are not #rrggbb', () => {
    renderInApp(
      <>
        <StatusBadge isOnline onlineColor="green" offlineColor="green" />
        <StatusBadge isOnline={false} onlineColor="green" offlineColor="green" />
      </>,
    );
    const [online, offline] = screen.getAllByTestId('status-badge');
    expect(online!.style.backgroundColor).toBe(DEFAULT_ONLINE_COLOR);
    expect(offline!.style.backgroundColor).toBe(DEFAULT_OFFLINE_COLOR);
  });
});
