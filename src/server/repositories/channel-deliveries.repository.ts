import type { Kysely } from 'kysely';
import type { Role } from '#shared/roles';
import { bool } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { claimQueueRow, finishClaimedRow, retryClaimedRow } from './claimed-queue.ts';
import { hasNewerDelivery, lastSentDelivery, lastToldStatus } from './delivery-history.ts';
import type { LastSent } from './notification-outbox.repository.ts';
import type { AlertPayload, AlertSubjectKindAll } from '../notifications/channel-alert.ts';
import { toChannel, type NotificationChannel } from './channels.repository.ts';

/** A claimed channel delivery with its channel, owner, and whether the owner still wants and may see it. */
export interface ChannelDelivery {
  id: number;
  channel: NotificationChannel;
  subjectKind: AlertSubjectKindAll;
  subjectId: number;
  changeId: number;
  status: boolean;
  payload: string;
  attempts: number;
  /** When it was queued. */
  createdAt: string;
  /** When the change happened (the change's own time, as in the stored payload). */
  changedAt: string;
  user: { id: number; role: Role; approved: boolean; enabled: boolean; can_view_nsfw: boolean };
  /** The channel is enabled and the owner's preference or subscription for the subject is too. */
  preferenceEnabled: boolean;
  /** An NSFW service, or a hidden game server (visible to administrators only). */
  serviceIsNsfw: boolean;
  isHiddenGameServer: boolean;
}

/**
 * The change's time, from the alert stored when the delivery was queued (alert-queue.repository.ts builds it from
 * the change row). Empty when it cannot be read: the send rules then take the delivery as queued on time.
 */
function changedAtOf(payload: string): string {
  try {
    const changedAt = (JSON.parse(payload) as Partial<AlertPayload> | null)?.changedAt;
    return typeof changedAt === 'string' ? changedAt : '';
  } catch {
    return '';
  }
}

/** A channel's deliveries about one subject: what coalescing, "no news" and anti-storm count per. */
function sameSubject(delivery: ChannelDelivery) {
  return { channelId: delivery.channel.id, subjectKind: delivery.subjectKind, subjectId: delivery.subjectId };
}

/**
 * SQL of the channel side of the outbox (channel_deliveries), with the claim protocol of notification_deliveries:
 * every state change is a conditional UPDATE on the claim, so two workers never own one delivery at once.
 */
export class ChannelDeliveriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async releaseStaleClaims(claimedBefore: string): Promise<void> {
    await this.db
      .updateTable('channel_deliveries')
      .set({ state: 'pending', claimToken: null, claimedAt: null, inDoubt: true })
      .where('state', '=', 'sending')
      .where('claimedAt', '<', claimedBefore)
      .execute();
  }

  /** Due pending deliveries, oldest first, with their channel (a channel failing in this run is passed over). */
  async due(now: string, limit: number): Promise<{ id: number; channelId: number }[]> {
    return this.db
      .selectFrom('channel_deliveries')
      .select(['id', 'channelId'])
      .where('state', '=', 'pending')
      .where('nextAttemptAt', '<=', now)
      .orderBy('nextAttemptAt')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  claim(id: number, token: string, now: string): Promise<boolean> {
    return claimQueueRow(this.db, 'channel_deliveries', id, token, now);
  }

  async load(id: number): Promise<ChannelDelivery | undefined> {
    const row = await this.db
      .selectFrom('channel_deliveries as d')
      .innerJoin('notification_channels as ch', 'ch.id', 'd.channelId')
      .innerJoin('users as u', 'u.id', 'ch.userId')
      .selectAll('ch')
      .select([
        'd.id as deliveryId',
        'd.subjectKind',
        'd.subjectId',
        'd.changeId',
        'd.status',
        'd.payload',
        'd.attempts',
        'd.createdAt as deliveryCreatedAt',
        'u.role',
        'u.approved',
        'u.enabled as userEnabled',
        'u.can_view_nsfw',
      ])
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const channel = toChannel(row);
    const subjectKind = row.subjectKind as AlertSubjectKindAll;
    const wanted = await this.#subjectFacts(channel.userId, subjectKind, row.subjectId);
    return {
      id: row.deliveryId,
      channel,
      subjectKind,
      subjectId: row.subjectId,
      changeId: row.changeId,
      status: bool(row.status),
      payload: row.payload,
      attempts: row.attempts,
      changedAt: changedAtOf(row.payload),
      createdAt: row.deliveryCreatedAt,
      user: {
        id: channel.userId,
        role: row.role as Role,
        approved: bool(row.approved),
        enabled: bool(row.userEnabled),
        can_view_nsfw: bool(row.can_view_nsfw),
      },
      preferenceEnabled: channel.enabled && wanted.enabled,
      serviceIsNsfw: wanted.isNsfw,
      isHiddenGameServer: wanted.isHidden,
    };
  }

  /** Whether the owner still wants alerts about the subject, and whether the subject is NSFW or hidden. */
  async #subjectFacts(
    userId: number,
    kind: AlertSubjectKindAll,
    subjectId: number,
  ): Promise<{ enabled: boolean; isNsfw: boolean; isHidden: boolean }> {
    if (kind === 'service') {
      const row = await this.db
        .selectFrom('notification_preferences as p')
        .innerJoin('services as s', 's.id', 'p.serviceId')
        .select(['p.enabled', 's.isNSFW'])
        .where('p.userId', '=', userId)
        .where('p.serviceId', '=', subjectId)
        .executeTakeFirst();
      return { enabled: row ? bool(row.enabled) : false, isNsfw: row ? bool(row.isNSFW) : false, isHidden: false };
    }
    const subscription = await this.db
      .selectFrom('alert_subscriptions')
      .select('enabled')
      .where('userId', '=', userId)
      .where('subjectKind', '=', kind)
      .where('subjectId', '=', subjectId)
      .executeTakeFirst();
    const enabled = subscription ? bool(subscription.enabled) : false;
    if (kind === 'media') return { enabled, isNsfw: false, isHidden: false };
    const server = await this.db
      .selectFrom('game_servers')
      .select('hidden')
      .where('id', '=', subjectId)
      .executeTakeFirst();
    return { enabled: enabled && server !== undefined, isNsfw: false, isHidden: server ? bool(server.hidden) : false };
  }

  /** True when the channel has a delivery for a later change of the same subject. */
  hasNewer(delivery: ChannelDelivery): Promise<boolean> {
    return hasNewerDelivery(this.db, 'channel_deliveries', sameSubject(delivery), delivery.changeId);
  }

  /** The state of the latest other delivery to this channel about this subject that may have reached it. */
  lastTold(delivery: ChannelDelivery): Promise<boolean | undefined> {
    return lastToldStatus(this.db, 'channel_deliveries', sameSubject(delivery), delivery.id);
  }

  /** The last alert sent to this channel about this subject. */
  lastSent(delivery: ChannelDelivery): Promise<LastSent | undefined> {
    return lastSentDelivery(this.db, 'channel_deliveries', sameSubject(delivery));
  }

  /** Ends a claimed delivery: sent, skipped (with the reason) or failed (given up, with the last error). */
  async finish(
    id: number,
    token: string,
    state: 'sent' | 'skipped' | 'failed',
    now: string,
    reason?: string,
  ): Promise<void> {
    await finishClaimedRow(this.db, 'channel_deliveries', { id, token }, state, now, reason);
  }

  /** Puts a claimed delivery back for later: after a failed attempt (counted) or a deferral (not counted). */
  async retryLater(
    id: number,
    token: string,
    nextAttemptAt: string,
    failure: { error: string; attempts: number } | undefined,
  ): Promise<void> {
    await retryClaimedRow(this.db, 'channel_deliveries', { id, token }, nextAttemptAt, failure);
  }
}
