import { isAdminRole } from '#shared/permissions';
import { CHANNEL_MSG, type SubscriptionWire, type UpsertSubscriptionBody } from '#shared/schemas/notification-channels';
import type { GameServersRepository } from '../repositories/game-servers.repository.ts';
import type { MediaStatusRepository } from '../repositories/media-status.repository.ts';
import type { User } from '../repositories/users.repository.ts';
import { AppError } from '../services/app-error.ts';
import type { Clock } from '../services/clock.ts';
import { iso } from '../services/clock.ts';
import type { AlertSubscriptionsRepository } from '../repositories/alert-subscriptions.repository.ts';

export interface AlertSubscriptionDeps {
  subscriptions: AlertSubscriptionsRepository;
  gameServers: GameServersRepository;
  media: MediaStatusRepository;
  clock: Clock;
}

/**
 * Subscriptions to game servers and the media server, each user's own: a status change of a subscribed subject
 * goes to all the user's channels, as a service's does. Hidden game servers are offered to administrators only,
 * like the game-server list itself.
 */
export class AlertSubscriptionService {
  constructor(private readonly deps: AlertSubscriptionDeps) {}

  /** Every subject the caller may subscribe to, with the caller's choice (off when never chosen). */
  async list(viewer: User): Promise<SubscriptionWire[]> {
    const chosen = new Map(
      (await this.deps.subscriptions.listForUser(viewer.id)).map((s) => [`${s.subjectKind}:${s.subjectId}`, s.enabled]),
    );
    const servers = (await this.deps.gameServers.list()).filter((server) => !server.hidden || isAdminRole(viewer.role));
    const media = await this.deps.media.get();
    return [
      {
        subjectKind: 'media' as const,
        subjectId: 0,
        name: media?.name ?? CHANNEL_MSG.mediaServer,
        enabled: chosen.get('media:0') ?? false,
      },
      ...servers.map((server) => ({
        subjectKind: 'game_server' as const,
        subjectId: server.id,
        name: server.displayName ?? server.providerName ?? server.name,
        enabled: chosen.get(`game_server:${server.id}`) ?? false,
      })),
    ];
  }

  async upsert(viewer: User, body: UpsertSubscriptionBody): Promise<SubscriptionWire> {
    const subject = (await this.list(viewer)).find(
      (item) => item.subjectKind === body.subjectKind && item.subjectId === body.subjectId,
    );
    if (!subject) throw new AppError('not_found', CHANNEL_MSG.subjectNotFound);
    await this.deps.subscriptions.upsert(
      viewer.id,
      { subjectKind: body.subjectKind, subjectId: body.subjectId, enabled: body.enabled },
      iso(this.deps.clock.now()),
    );
    return { ...subject, enabled: body.enabled };
  }
}
