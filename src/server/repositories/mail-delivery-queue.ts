import type { Kysely } from 'kysely';
import type { Role } from '#shared/roles';
import { bool } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { AlertSubject } from '../notifications/delivery-rules.ts';
import { claimQueueRow, dueQueueIds, finishClaimedRow, retryClaimedRow } from './claimed-queue.ts';
import { hasNewerDelivery, lastToldStatus, type DeliveryOwner } from './delivery-history.ts';

/** A delivery's mail as first rendered; every attempt sends exactly this. */
export interface DeliveryMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  templateId: number;
}

/** The last notification one owner (preference or subscription) received about its subject. */
export interface LastSent {
  status: boolean;
  sentAt: string;
}

/**
 * A claimed e-mail delivery, about a service or about a game server or the media server, with everything the
 * send rules (delivery-rules.ts) and the template need.
 */
export interface MailDelivery {
  id: number;
  changeId: number;
  /**
   * The preference (services) or subscription (game servers, the media server) it was queued for: coalescing,
   * "no news" and anti-storm count per owner.
   */
  ownerId: number;
  /** The new status of the subject: true for up. */
  status: boolean;
  attempts: number;
  createdAt: string;
  changedAt: string;
  previousChangedAt: string | null;
  /** Where the mail goes; empty when there is no address any more (the delivery is then skipped). */
  email: string;
  preferenceEnabled: boolean;
  /** The subject's name (the templates' serviceName; the outbox adds a game server's or media server's kind). */
  subjectName: string;
  serviceIsNsfw: boolean;
  isHiddenGameServer: boolean;
  user: { id: number; role: Role; approved: boolean; enabled: boolean; can_view_nsfw: boolean };
  /** The mail stored by an earlier attempt, or null before the first. */
  mail: DeliveryMail | null;
}

/** The tables of e-mail deliveries: services', and game servers' and the media server's (migration 0018). */
export type MailTable = 'notification_deliveries' | 'subject_mail_deliveries';

/** The stored mail columns of a delivery row. */
export interface StoredMailColumns {
  mailTo: string | null;
  mailSubject: string | null;
  mailHtml: string | null;
  mailText: string | null;
  mailTemplateId: number | null;
}

/** The stored mail of a delivery selected as `d`, for storedMail(). */
export const STORED_MAIL_COLUMNS = [
  'd.mailTo',
  'd.mailSubject',
  'd.mailHtml',
  'd.mailText',
  'd.mailTemplateId',
] as const;

/** The recipient's account selected as `u`, for deliveryUser(). */
export const DELIVERY_USER_COLUMNS = [
  'u.id as userId',
  'u.role',
  'u.approved',
  'u.enabled as userEnabled',
  'u.can_view_nsfw',
] as const;

/** The account the send rules check, from the DELIVERY_USER_COLUMNS of a row. */
export function deliveryUser(row: {
  userId: number;
  role: string;
  approved: boolean | number;
  userEnabled: boolean | number;
  can_view_nsfw: boolean | number;
}): MailDelivery['user'] {
  return {
    id: row.userId,
    role: row.role as Role,
    approved: bool(row.approved),
    enabled: bool(row.userEnabled),
    can_view_nsfw: bool(row.can_view_nsfw),
  };
}

/** The mail stored by an earlier attempt, or null when it has not been rendered yet. */
export function storedMail(row: StoredMailColumns): DeliveryMail | null {
  const { mailTo, mailSubject, mailHtml, mailText, mailTemplateId } = row;
  if (mailTo === null || mailSubject === null || mailHtml === null || mailText === null || mailTemplateId === null) {
    return null;
  }
  return { to: mailTo, subject: mailSubject, html: mailHtml, text: mailText, templateId: mailTemplateId };
}

/**
 * What the outbox worker needs of an e-mail delivery table. Every state change of a delivery is a conditional
 * UPDATE on its claim (claimed-queue.ts), so two workers (or two instances on one PostgreSQL database) never own
 * the same delivery at once.
 */
export abstract class MailDeliveryQueue<D extends MailDelivery = MailDelivery> {
  /**
   * @param ownerColumn the column holding `ownerId`.
   * @param messageIdScope names this table in Message-IDs: ids of two tables must never give the same one.
   */
  constructor(
    protected readonly db: Kysely<Database>,
    private readonly table: MailTable,
    private readonly ownerColumn: 'preferenceId' | 'subscriptionId',
    readonly messageIdScope: { prefix: string; scope: string },
  ) {}

  /** The delivery with what the rules and the template need; undefined when it or its owner is gone. */
  abstract load(id: number): Promise<D | undefined>;

  /** The last notification sent to this owner about this subject (anti-storm). */
  abstract lastSent(delivery: D): Promise<LastSent | undefined>;

  /** What the delivery is about (a maintenance window holds a service's alerts). */
  abstract subjectOf(delivery: D): AlertSubject;

  /**
   * Records a sent delivery (and whatever else the table keeps of it) if this worker still holds the claim;
   * false when it lost it (its claim expired and another worker took over).
   */
  abstract markSent(delivery: D, token: string, templateId: number, now: string): Promise<boolean>;

  /** Returns claims older than `claimedBefore` to pending: their worker died between claim and outcome. */
  async releaseStaleClaims(claimedBefore: string): Promise<number> {
    const result = await this.db
      .updateTable(this.table)
      .set({ state: 'pending', claimToken: null, claimedAt: null, inDoubt: true })
      .where('state', '=', 'sending')
      .where('claimedAt', '<', claimedBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Ids of pending deliveries that are due, oldest first. */
  dueIds(now: string, limit: number): Promise<number[]> {
    return dueQueueIds(this.db, this.table, now, limit);
  }

  /** Claims a due pending delivery for this worker; false when another worker was first. */
  claim(id: number, token: string, now: string): Promise<boolean> {
    return claimQueueRow(this.db, this.table, id, token, now);
  }

  /** Stores the mail of a delivery this worker holds, before it goes to SMTP; false when the claim was lost. */
  async saveMail(id: number, token: string, mail: DeliveryMail): Promise<boolean> {
    const result = await this.db
      .updateTable(this.table)
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

  /** True when the owner has a delivery for a later change (this one is then stale). */
  hasNewer(delivery: D): Promise<boolean> {
    return hasNewerDelivery(this.db, this.table, this.ownerOf(delivery), delivery.changeId);
  }

  /** The state of the owner's latest other delivery that may have reached the recipient ("no news"). */
  lastTold(delivery: D): Promise<boolean | undefined> {
    return lastToldStatus(this.db, this.table, this.ownerOf(delivery), delivery.id);
  }

  /** Ends a claimed delivery without sending it (skipped) or after giving up (failed). */
  async finish(id: number, token: string, state: 'skipped' | 'failed', reason: string, now: string): Promise<void> {
    await finishClaimedRow(this.db, this.table, { id, token }, state, now, reason);
  }

  /** Puts a claimed delivery back for later: after a failed attempt (counted) or a deferral (not counted). */
  async retryLater(
    id: number,
    token: string,
    nextAttemptAt: string,
    failure: { error: string; attempts: number } | undefined,
  ): Promise<void> {
    await retryClaimedRow(this.db, this.table, { id, token }, nextAttemptAt, failure);
  }

  /** The delivery's owner as delivery-history.ts reads it. */
  protected ownerOf(delivery: D): DeliveryOwner {
    return { [this.ownerColumn]: delivery.ownerId };
  }
}
