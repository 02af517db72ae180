import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServiceWire } from '#shared/schemas/service';
import { serviceFixture } from './service-fixture';
import { EditServiceDialog } from '../../src/client/features/services/edit-service-dialog';
import { renderInApp, stubApi } from './render';

const service: ServiceWire = serviceFixture({ lastChecked: '2026-01-01T12:00:00.000Z' });

function openDialog() {
  const requests = stubApi(({ body }) => ({ status: 200, body: { ...service, ...(body as object) } }));
  const view = renderInApp(<EditServiceDialog service={service} onClose={() => undefined} />);
  const puts = () => requests.filter((request) => request.method === 'PUT');
  return { ...view, puts };
}

describe('Edit Service dialog', () => {
  it('shows a validation message on submit and drops it as soon as the value is fixed, before the next submit', async () => {
    const { user, puts } = openDialog();
    const interval = screen.getByLabelText('Refresh Interval (seconds)');
    await user.clear(interval);
    await user.type(interval, '4');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Refresh interval must be at least 5 seconds')).toBeTruthy();
    expect(interval.getAttribute('aria-invalid')).toBe('true');

    await user.clear(interval);
    await user.type(interval, '10');
    await waitFor(() => expect(screen.queryByText('Refresh interval must be at least 5 seconds')).toBeNull());
    expect(interval.getAttribute('aria-invalid')).toBeNull();
    expect(puts()).toHaveLength(0);
  });

  it("has a URL field with the service's address, checked like Add Service's", async () => {
    const { user, puts } = openDialog();
    const url = screen.getByLabelText('Service URL');
    expect((url as HTMLInputElement).value).toBe('https://grafana.example.test');

    await user.clear(url);
    await user.type(url, 'grafana');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please enter a valid URL')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    await user.clear(url);
    await user.type(url, 'https://grafana.lab:3000/');
    await waitFor(() => expect(screen.queryByText('Please enter a valid URL')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({
      url: '/api/services/7',
      body: { id: 7, url: 'https://grafana.lab:3000/', name: 'Grafana', refreshInterval: 30 },
    });
  });

  it("leaves the url out of the PUT when it wasn't changed (SPEC's payload)", async () => {
    const { user, puts } = openDialog();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(Object.keys(puts()[0]?.body as object).sort()).toEqual(
      ['background', 'icon', 'id', 'isNSFW', 'name', 'refreshInterval', 'show_status_badge', 'tooltip'].sort(),
    );
  });

  it("has a 'Media server card' switch that sends mediaServer only when changed", async () => {
    const { user, puts } = openDialog();
    const toggle = screen.getByRole('switch', { name: 'Media server card' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toMatchObject({ id: 7, mediaServer: true });
  });

  it("starts the switch on for the media server's card and hands the choice back when turned off", async () => {
    const requests = stubApi(({ body }) => ({ status: 200, body: { ...service, ...(body as object) } }));
    const { user } = renderInApp(
      <EditServiceDialog service={{ ...service, name: 'Plex', mediaServer: true }} onClose={() => undefined} />,
    );
    const toggle = screen.getByRole('switch', { name: 'Media server card' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ mediaServer: false });
  });
});
