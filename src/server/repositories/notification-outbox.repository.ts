import type { Kysely } from 'kysely';
import type { Role } from '#shared/roles';
import { bool } from '../db/database.ts';
import { claimQueueRow, dueQueueIds, retryClaimedRow, finishClaimedRow } from './claimed-queue.ts';
import type { Database } from '../db/schema.ts';

/** Where a delivery stands: pending (waiting or retrying), sending (claimed), or one of the final states. */
export type DeliveryState = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

/** A delivery's mail as first rendered; every attempt sends exactly this. */
export interface DeliveryMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  templateId: number;
}

/** A claimed delivery with everything needed to decide about it and render it. */
export interface DeliveryToSend {
  id: number;
  changeId: number;
  preferenceId: number;
  serviceId: number;
  /** The new status of the service: true for up. */
  status: boolean;
  attempts: number;
  createdAt: string;
  changedAt: string;
  previousChangedAt: string | null;
  email: string;
  preferenceEnabled: boolean;
  serviceName: string;
  serviceIsNsfw: boolean;
  user: { id: number; role: Role; approved: boolean; enabled: boolean; can_view_nsfw: boolean };
  /** The mail stored by an earlier attempt, or null before the first. */
  mail: DeliveryMail | null;
}

/** The last notification one preference received about its service. */
export interface LastSent {
  status: boolean;
  sentAt: string;
}

/**
 * SQL of the notification outbox: claiming deliveries and recording the outcome (they are queued by
 * alert-queue.repository.ts). Every state change of a delivery is a conditional UPDATE on its claim, so two workers (or
 * two instances on one PostgreSQL database) never own the same delivery at once.
 */
export class NotificationOutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Returns claims older than `claimedBefore` to pending: their worker died between claim and outcome. */
  async releaseStaleClaims(claimedBefore: string): Promise<number> {
    const result = await this.db
      .updateTable('notification_deliveries')
      .set({ state: 'pending', claimToken: null, claimedAt: null, inDoubt: true })
      .where('state', '=', 'sending')
      .where('claimedAt', '<', claimedBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Ids of pending deliveries that are due, oldest first. */
  async dueIds(now: string, limit: number): Promise<number[]> {
    return dueQueueIds(this.db, 'notification_deliveries', now, limit);
  }

  /** Claims a due pending delivery for this worker; false when another worker was first. */
  async claim(id: number, token: string, now: string): Promise<boolean> {
    return claimQueueRow(this.db, 'notification_deliveries', id, token, now);
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
        'u.id as userId',
        'u.role',
        'u.approved',
        'u.enabled as userEnabled',
        'u.can_view_nsfw',
        'd.mailTo',
        'd.mailSubject',
        'd.mailHtml',
        'd.mailText',
        'd.mailTemplateId',
      ])
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      changeId: row.changeId,
      preferenceId: row.preferenceId,
      serviceId: row.serviceId,
      status: bool(row.status),
      attempts: row.attempts,
      createdAt: row.createdAt,
      changedAt: row.changedAt,
      previousChangedAt: row.previousChangedAt,
      email: row.email,
      preferenceEnabled: bool(row.preferenceEnabled),
      serviceName: row.serviceName,
      serviceIsNsfw: bool(row.serviceIsNsfw),
      user: {
        id: row.userId,
        role: row.role as Role,
        approved: bool(row.approved),
        enabled: bool(row.userEnabled),
        can_view_nsfw: bool(row.can_view_nsfw),
      },
      mail:
        row.mailTo !== null &&
        row.mailSubject !== null &&
        row.mailHtml !== null &&
        row.mailText !== null &&
        row.mailTemplateId !== null
          ? {
              to: row.mailTo,
              subject: row.mailSubject,
              html: row.mailHtml,
              text: row.mailText,
              templateId: row.mailTemplateId,
            }
          : null,
    };
  }

  /** Stores the mail of a delivery this worker holds, before it goes to SMTP; false when the claim was lost. */
  async saveMail(id: number, token: string, mail: DeliveryMail): Promise<boolean> {
    const result = await this.db
      .updateTable('notification_deliveries')
      .set({
        mailTo: mail.to,
        mailSubject: mail.subject,
        mailHtml: mail.html,
        mailText: mail.text,
        mailTemplateId: mail.templateId,
      })
      .where('id', '=', id)
      .where('state', '=', 'sending')
      .where('claimToken', '=', token)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** True when the preference has a delivery for a later change (this one is then stale). */
  async hasNewerDelivery(preferenceId: number, changeId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('notification_deliveries')
      .select('id')
      .where('preferenceId', '=', preferenceId)
      .where('changeId', '>', changeId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The state of the latest other delivery for this preference that may have reached the recipient: sent, being
   * sent, or in doubt (claimed by a sender that died).
   */
  async lastTold(preferenceId: number, exceptId: number): Promise<boolean | undefined> {
    const row = await this.db
      .selectFrom('notification_deliveries')
      .select('status')
      .where('preferenceId', '=', preferenceId)
      .where('id', '!=', exceptId)
      .where((eb) => eb.or([eb('state', 'in', ['sent', 'sending']), eb('inDoubt', '=', true)]))
      .orderBy('changeId', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && bool(row.status);
  }

  /** The last notification sent for this preference and service. */
  async lastSent(preferenceId: number, serviceId: number): Promise<LastSent | undefined> {
    const row = await this.db
      .selectFrom('sent_notifications')
      .select(['status', 'sentAt'])
      .where('preferenceId', '=', preferenceId)
      .where('serviceId', '=', serviceId)
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
      const result = await trx
        .updateTable('notification_deliveries')
        .set({ state: 'sent', finishedAt: now, claimToken: null, lastError: null })
        .where('id', '=', delivery.id)
        .where('state', '=', 'sending')
        .where('claimToken', '=', token)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
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

  /** Ends a claimed delivery without sending it (skipped) or after giving up (failed). */
  async finish(id: number, token: string, state: 'skipped' | 'failed', reason: string, now: string): Promise<void> {
    await finishClaimedRow(this.db, 'notification_deliveries', { id, token }, state, now, reason);
  }

  /** Puts a claimed delivery back for later: after a failed attempt (counted) or a deferral (not counted). */
  async retryLater(
    id: number,
    token: string,
    nextAttemptAt: string,
    failure: { error: string; attempts: number } | undefined,
  ): Promise<void> {
    await retryClaimedRow(this.db, 'notification_deliveries', { id, token }, nextAttemptAt, failure);
  }
}
