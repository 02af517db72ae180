import type { ServiceWire } from '#shared/schemas/service';

/** A service as GET /api/services presents it, online and not the media card; tests override what they need. */
export function serviceFixture(partial: Partial<ServiceWire> = {}): ServiceWire {
  return {
    id: 7,
    name: 'Grafana',
    url: 'https://grafana.example.test',
    status: true,
    lastChecked: '2030-01-01T12:00:00.000Z',
    icon: null,
    background: null,
    refreshInterval: 30,
    isNSFW: false,
    tooltip: null,
    show_status_badge: true,
    mediaServer: false,
    ...partial,
  };
}
