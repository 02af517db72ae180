import type { Role } from '#shared/roles';
import type { ServiceWire } from '#shared/schemas/service';
import { ServiceCard } from '../../src/client/features/service-card/service-card';
import { mediaService, stubMediaApi, withUser, type MediaApi } from './media-fixtures';
import { renderInApp } from './render';

const FLAGS = { statusBadge: true, refreshInterval: false, lastChecked: false, serviceUrl: false, uptimeLog: false };

/**
 * Renders the media server's service card for a signed-in user of this role, over the stubbed media calls.
 * Admin controls follow the role unless told otherwise; `calls(path)` counts the requests to one path.
 */
export function renderMediaCard(
  role: Role,
  answers: Partial<MediaApi> = {},
  {
    showAdminControls = role === 'admin' || role === 'superadmin',
    service = mediaService(),
  }: { showAdminControls?: boolean; service?: ServiceWire } = {},
) {
  const { api, requests } = stubMediaApi(answers);
  const view = renderInApp(
    <ServiceCard
      service={service}
      flags={FLAGS}
      onlineColor="#22c55e"
      offlineColor="#ef4444"
      showAdminControls={showAdminControls}
    />,
    { configure: withUser(role) },
  );
  const calls = (path: string) => requests.filter((request) => request.url === path).length;
  return { ...view, api, requests, calls };
}
