import type { Kysely } from 'kysely';
import { bool } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { AlertSubject } from '../notifications/delivery-rules.ts';
import { finishClaimedRow } from './claimed-queue.ts';
import {
  DELIVERY_USER_COLUMNS,
  deliveryUser,
  MailDeliveryQueue,
  STORED_MAIL_COLUMNS,
  storedMail,
  type LastSent,
  type MailDelivery,
} from './mail-delivery-queue.ts';

export type { DeliveryMail, LastSent } from './mail-delivery-queue.ts';

/** Where a delivery stands: pending (waiting or retrying), sending (claimed), or one of the final states. */
export type DeliveryState = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

/** A claimed service delivery: `ownerId` is its preference. */
export interface DeliveryToSend extends MailDelivery {
  preferenceId: number;
  serviceId: number;
}

/**
 * SQL of the service side of the e-mail outbox (notification_deliveries; queued by alert-queue.repository.ts):
 * the claim protocol and stored mail come from MailDeliveryQueue, sends are also recorded in sent_notifications.
 */
export class NotificationOutboxRepository extends MailDeliveryQueue<DeliveryToSend> {
  constructor(db: Kysely<Database>) {
    // The Message-ID scope of service mails since migration 0004: a delivery in doubt keeps its Message-ID.
    super(db, 'notification_deliveries', 'preferenceId', { prefix: 'notification', scope: 'delivery' });
  }

  /** The delivery with its change, preference, service and user. */
  async load(id: number): Promise<DeliveryToSend | undefined> {
    const row = await this.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('service_status_changes as c', 'c.id', 'd.changeId')
      .innerJoin('notification_preferences as p', 'p.id', 'd.preferenceId')
      .innerJoin('services as s', 's.id', 'd.serviceId')
      .innerJoin('users as u', 'u.id', 'p.userId')
      .select([
        'd.id',
        'd.changeId',
        'd.preferenceId',
        'd.serviceId',
        'd.status',
        'd.attempts',
        'd.createdAt',
        'c.changedAt',
        'c.previousChangedAt',
        'p.email',
        'p.enabled as preferenceEnabled',
        's.name as serviceName',
        's.isNSFW as serviceIsNsfw',
        ...DELIVERY_USER_COLUMNS,
        ...STORED_MAIL_COLUMNS,
      ])
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      changeId: row.changeId,
      ownerId: row.preferenceId,
      preferenceId: row.preferenceId,
      serviceId: row.serviceId,
      status: bool(row.status),
      attempts: row.attempts,
      createdAt: row.createdAt,
      changedAt: row.changedAt,
      previousChangedAt: row.previousChangedAt,
      email: row.email,
      preferenceEnabled: bool(row.preferenceEnabled),
      subjectName: row.serviceName,
      serviceIsNsfw: bool(row.serviceIsNsfw),
      isHiddenGameServer: false,
      user: deliveryUser(row),
      mail: storedMail(row),
    };
  }

  subjectOf(delivery: DeliveryToSend): AlertSubject {
    return { kind: 'service', id: delivery.serviceId };
  }

  /** The last notification sent for this preference and service. */
  async lastSent(delivery: DeliveryToSend): Promise<LastSent | undefined> {
    const row = await this.db
      .selectFrom('sent_notifications')
      .select(['status', 'sentAt'])
      .where('preferenceId', '=', delivery.preferenceId)
      .where('serviceId', '=', delivery.serviceId)
      .orderBy('sentAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && { status: bool(row.status), sentAt: row.sentAt };
  }

  /**
   * Records a sent delivery and its sentNotifications row in one transaction, if this worker still holds
   * the claim; false when it lost it (its claim expired and another worker took over).
   */
  async markSent(delivery: DeliveryToSend, token: string, templateId: number, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await finishClaimedRow(trx, 'notification_deliveries', { id: delivery.id, token }, 'sent', now))) {
        return false;
      }
      await trx
        .insertInto('sent_notifications')
        .values({
          preferenceId: delivery.preferenceId,
          templateId,
          serviceId: delivery.serviceId,
          status: delivery.status,
          sentAt: now,
        })
        .execute();
      return true;
    });
  }
}
