import { describe, expect, it } from 'vitest';
import type { ServiceWire } from '#shared/schemas/service';
import { editValuesFor, parseRefreshInterval, toUpdateBody } from './edit-service-form';

const service: ServiceWire = {
  id: 7,
  name: 'Grafana',
  url: 'https://grafana.example.com',
  status: true,
  lastChecked: '2025-06-01T12:00:00.000Z',
  icon: null,
  background: '/uploads/service/0123456789abcdef0123456789abcdef.png',
  refreshInterval: 30,
  isNSFW: false,
  tooltip: null,
  show_status_badge: true,
  mediaServer: false,
};

describe('Edit Service payload (SPEC sections 5 and 7)', () => {
  it('turns an unparsable interval into null', () => {
    expect(parseRefreshInterval('')).toBeNull();
    expect(parseRefreshInterval('abc')).toBeNull();
    expect(parseRefreshInterval(' 45 ')).toBe(45);
  });

  it("sends exactly SPEC's fields with the numeric id", () => {
    const result = toUpdateBody(service, { ...editValuesFor(service), refreshInterval: '', tooltip: '  ' });
    expect(result.body).toEqual({
      id: 7,
      name: 'Grafana',
      icon: null,
      background: '/uploads/service/0123456789abcdef0123456789abcdef.png',
      refreshInterval: null,
      isNSFW: false,
      tooltip: null,
      show_status_badge: true,
    });
  });

  it('sends the url only when the admin changed it, and checks it like Add Service does', () => {
    const same = toUpdateBody(service, { ...editValuesFor(service), url: ' https://grafana.example.com ' });
    expect(same.body).not.toHaveProperty('url');
    const moved = toUpdateBody(service, { ...editValuesFor(service), url: 'https://grafana.lab:3000/' });
    expect(moved.body).toMatchObject({ id: 7, url: 'https://grafana.lab:3000/' });
    const wrong = toUpdateBody(service, { ...editValuesFor(service), url: 'grafana' });
    expect(wrong.errors).toEqual({ url: 'Please enter a valid URL' });
  });

  it('reports the shared messages per field', () => {
    const result = toUpdateBody(service, { ...editValuesFor(service), name: ' ', refreshInterval: '4' });
    expect(result.errors).toEqual({
      name: 'Service name is required',
      refreshInterval: 'Refresh interval must be at least 5 seconds',
    });
  });
});
