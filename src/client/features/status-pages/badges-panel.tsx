import { useQuery } from '@tanstack/react-query';
import type { ServiceWire } from '#shared/schemas/service';
import { PUBLIC_BADGES_QUERY_KEY, publicBadgesQueryOptions, setPublicBadge } from '../../api/status-pages.api';
import { Switch } from '../../components/ui/switch';
import { STATUS_SETTINGS_TEXT } from './status-page-text';
import { useAdminMutation } from './use-status-page-mutations';

/** Which services have public badges, with each badge's address to copy into a README. */
export function BadgesPanel({ services }: { services: readonly ServiceWire[] }) {
  const { data } = useQuery(publicBadgesQueryOptions());
  const mark = useAdminMutation(
    ({ id, on }: { id: number; on: boolean }) => setPublicBadge(id, on),
    [PUBLIC_BADGES_QUERY_KEY],
    { failed: STATUS_SETTINGS_TEXT.saveFailed },
  );
  const publicIds = new Set(data?.serviceIds ?? []);
  const origin = window.location.origin;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">{STATUS_SETTINGS_TEXT.badges}</h3>
      <p className="text-sm text-muted-foreground">{STATUS_SETTINGS_TEXT.badgesHint}</p>
      <ul className="grid gap-2">
        {services.map((service) => (
          <li key={service.id} className="grid gap-1 rounded-md border px-3 py-2">
            <label className="flex items-center justify-between gap-3 text-sm">
              <span className="truncate font-medium">{service.name}</span>
              <Switch
                aria-label={STATUS_SETTINGS_TEXT.badgeToggle(service.name)}
                checked={publicIds.has(service.id)}
                disabled={!data || mark.isPending}
                onCheckedChange={(on) => mark.mutate({ id: service.id, on })}
              />
            </label>
            {publicIds.has(service.id) ? (
              <div className="flex flex-wrap items-center gap-2">
                <img src={`/api/badge/${service.id}/status`} alt={`${service.name} status badge`} height={20} />
                <img
                  src={`/api/badge/${service.id}/uptime?period=30d`}
                  alt={`${service.name} uptime badge`}
                  height={20}
                />
                <code className="min-w-0 text-xs break-all text-muted-foreground">
                  {`${origin}/api/badge/${service.id}/uptime?period=30d`}
                </code>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
