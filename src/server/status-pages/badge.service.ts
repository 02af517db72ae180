import type { BadgePeriod } from '#shared/schemas/status-pages';
import type { StatusPagesRepository } from '../repositories/status-pages.repository.ts';
import type { UptimeRepository } from '../repositories/uptime.repository.ts';
import type { Clock } from '../services/clock.ts';
import { BADGE_COLORS, renderBadge, uptimeColor } from './badge-svg.ts';
import { periodFigures } from './uptime-summary.ts';

const ID_TEXT = /^[1-9]\d{0,9}$/;

/** Formats an uptime percentage as a badge shows it: up to two decimals, no trailing zeros. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/**
 * Badges of the services an admin marked public. Anything else (an id that is not a number, an unknown service,
 * one not marked, an NSFW one) is null, which the route answers with one and the same 404, so ids cannot be probed.
 */
export class BadgeService {
  constructor(
    private readonly pages: StatusPagesRepository,
    private readonly uptime: UptimeRepository,
    private readonly clock: Clock,
    private readonly inMaintenance: () => Promise<readonly number[]>,
  ) {}

  async #publicService(idText: string) {
    if (!ID_TEXT.test(idText)) return null;
    const id = Number(idText);
    if (id > 2_147_483_647) return null;
    const [row] = await this.pages.services([id]);
    // An NSFW service's badge is as unknown as a private one's, even when it was marked public before the flag.
    return row?.publicBadge && !row.nsfw ? row : null;
  }

  /** The state badge: up, down or maintenance. */
  async status(idText: string): Promise<string | null> {
    const service = await this.#publicService(idText);
    if (!service) return null;
    if ((await this.inMaintenance()).includes(service.id)) {
      return renderBadge('status', 'maintenance', BADGE_COLORS.blue);
    }
    return service.status
      ? renderBadge('status', 'up', BADGE_COLORS.green)
      : renderBadge('status', 'down', BADGE_COLORS.red);
  }

  /** The uptime badge over `period`, from the rollups. */
  async uptimeBadge(idText: string, period: BadgePeriod): Promise<string | null> {
    const service = await this.#publicService(idText);
    if (!service) return null;
    const figures = await periodFigures(this.uptime, [service.id], [period], this.clock.now().getTime());
    const percent = figures.get(service.id)?.[period].uptime ?? null;
    return renderBadge(`uptime ${period}`, percent === null ? 'no data' : formatPercent(percent), uptimeColor(percent));
  }
}
