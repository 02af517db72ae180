import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServiceWire } from '#shared/schemas/service';
import { serviceFixture } from './service-fixture';
import { ServiceCard } from '../../src/client/features/service-card/service-card';
import { gameServer } from './game-server-fixtures';
import { renderInApp, stubApi } from './render';

const FLAGS = { statusBadge: true, refreshInterval: false, lastChecked: false, serviceUrl: false, uptimeLog: false };

function service(name: string): ServiceWire {
  return serviceFixture({ id: 3, name, url: 'https://amp.example.test' });
}

function renderService(name: string, answer: { status: number; body: unknown }) {
  const requests = stubApi(() => answer);
  renderInApp(
    <ServiceCard
      service={service(name)}
      flags={FLAGS}
      onlineColor="#22c55e"
      offlineColor="#ef4444"
      showAdminControls={false}
    />,
  );
  return requests;
}

describe('AMP service card', () => {
  it("shows the game servers' server and player counts when its name contains 'amp' (any case)", async () => {
    renderService('CubeCoders AMP', {
      status: 200,
      body: [
        gameServer({ playerCount: 3 }),
        gameServer({ playerCount: 2 }),
        gameServer({ status: false, playerCount: 0 }),
      ],
    });
    expect((await screen.findByTestId('game-server-counts')).textContent).toBe('3 servers · 5 players');
  });

  it('counts one server and one player in the singular', async () => {
    renderService('Amp Panel', { status: 200, body: [gameServer({ playerCount: 1 })] });
    expect((await screen.findByTestId('game-server-counts')).textContent).toBe('1 server · 1 player');
  });

  it("says 'Failed to load game server information' when the list can't be read", async () => {
    renderService('amp', { status: 500, body: { message: 'down' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load game server information');
  });

  it('leaves other services alone, without asking for the game servers', () => {
    const requests = renderService('Grafana', { status: 200, body: [] });
    expect(screen.getByRole('article', { name: 'Grafana' })).toBeTruthy();
    expect(screen.queryByTestId('game-server-counts')).toBeNull();
    expect(requests.filter((request) => request.url === '/api/game-servers')).toHaveLength(0);
  });
});
