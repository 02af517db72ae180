import type { Kysely } from 'kysely';
import type { AlertSubjectKind } from '#shared/schemas/notification-channels';
import { bool } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { AlertSubject } from '../notifications/delivery-rules.ts';
import { finishClaimedRow } from './claimed-queue.ts';
import { lastSentDelivery } from './delivery-history.ts';
import {
  DELIVERY_USER_COLUMNS,
  deliveryUser,
  MailDeliveryQueue,
  STORED_MAIL_COLUMNS,
  storedMail,
  type LastSent,
  type MailDelivery,
} from './mail-delivery-queue.ts';

/** A claimed e-mail delivery about a game server or the media server: `ownerId` is its subscription. */
export interface SubjectMailDelivery extends MailDelivery {
  subjectKind: AlertSubjectKind;
  subjectId: number;
}

/** Whether a claimed delivery is about a game server or the media server rather than a service. */
export function isSubjectMailDelivery(delivery: MailDelivery): delivery is SubjectMailDelivery {
  return 'subjectKind' in delivery;
}

/**
 * SQL of the game-server and media side of the e-mail outbox (subject_mail_deliveries, migration 0018; queued by
 * alert-queue.repository.ts). The recipient is the subscriber's account address, read when the mail is first
 * rendered and then stored with it, as a service preference's address is.
 */
export class SubjectMailDeliveriesRepository extends MailDeliveryQueue<SubjectMailDelivery> {
  constructor(db: Kysely<Database>) {
    super(db, 'subject_mail_deliveries', 'subscriptionId', { prefix: 'alert', scope: 'subject-delivery' });
  }

  /** The delivery with its change, subscription, subscriber and (for a game server) whether it still exists. */
  async load(id: number): Promise<SubjectMailDelivery | undefined> {
    const row = await this.db
      .selectFrom('subject_mail_deliveries as d')
      .innerJoin('alert_subject_changes as c', 'c.id', 'd.changeId')
      .innerJoin('alert_subscriptions as a', 'a.id', 'd.subscriptionId')
      .innerJoin('users as u', 'u.id', 'a.userId')
      .leftJoin('game_servers as g', (join) =>
        join.onRef('g.id', '=', 'a.subjectId').on('a.subjectKind', '=', 'game_server'),
      )
      .select([
        'd.id',
        'd.changeId',
        'd.subscriptionId',
        'd.status',
        'd.attempts',
        'd.createdAt',
        'c.changedAt',
        'c.previousChangedAt',
        'c.subjectName',
        'a.subjectKind',
        'a.subjectId',
        'a.enabled as subscriptionEnabled',
        'g.id as gameServerId',
        'g.hidden',
        'u.email',
        ...DELIVERY_USER_COLUMNS,
        ...STORED_MAIL_COLUMNS,
      ])
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const subjectKind = row.subjectKind as AlertSubjectKind;
    // A game server removed since the change is no longer anything to hear about.
    const exists = subjectKind === 'media' || row.gameServerId !== null;
    return {
      id: row.id,
      changeId: row.changeId,
      ownerId: row.subscriptionId,
      subjectKind,
      subjectId: row.subjectId,
      status: bool(row.status),
      attempts: row.attempts,
      createdAt: row.createdAt,
      changedAt: row.changedAt,
      previousChangedAt: row.previousChangedAt,
      email: row.email ?? '',
      preferenceEnabled: bool(row.subscriptionEnabled) && exists,
      subjectName: row.subjectName,
      serviceIsNsfw: false,
      isHiddenGameServer: row.hidden !== null && bool(row.hidden),
      user: deliveryUser(row),
      mail: storedMail(row),
    };
  }

  subjectOf(delivery: SubjectMailDelivery): AlertSubject {
    return { kind: delivery.subjectKind, id: delivery.subjectId };
  }

  /** The last mail sent for this subscription (no sentNotifications row: the delivery is the record). */
  lastSent(delivery: SubjectMailDelivery): Promise<LastSent | undefined> {
    return lastSentDelivery(this.db, 'subject_mail_deliveries', this.ownerOf(delivery));
  }

  /** Records a sent delivery if this worker still holds the claim (the row is the record: no sentNotifications). */
  async markSent(delivery: SubjectMailDelivery, token: string, _templateId: number, now: string): Promise<boolean> {
    return finishClaimedRow(this.db, 'subject_mail_deliveries', { id: delivery.id, token }, 'sent', now);
  }
}
