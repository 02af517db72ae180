import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailTemplatesRepository } from '../repositories/email-templates.repository.ts';
import type { DeliveryMail, MailDelivery, MailDeliveryQueue } from '../repositories/mail-delivery-queue.ts';
import type { NotificationOutboxRepository } from '../repositories/notification-outbox.repository.ts';
import {
  isSubjectMailDelivery,
  type SubjectMailDeliveriesRepository,
} from '../repositories/subject-mail-deliveries.repository.ts';
import type { NewOutboxMail, OutboxMail, OutboxMailsRepository } from '../repositories/outbox-mails.repository.ts';
import type { Clock } from '../services/clock.ts';
import { iso } from '../services/clock.ts';
import {
  decideDelivery,
  heldByMaintenance,
  OUTBOX_RULES,
  retryDelayMs,
  shouldGiveUp,
  type DeliveryDecision,
  type ServiceHeldAt,
} from './delivery-rules.ts';
import type { AlertQueueRepository } from '../repositories/alert-queue.repository.ts';
import { alertPayload, type AlertFacts } from './channel-alert.ts';
import type { ChannelOutbox } from './channel-outbox.ts';
import { formatTimestamp, previousStateDuration } from './format.ts';
import type { ReloadableMailer } from './settings-mailer.ts';
import { subjectMailName } from './subject-mail-text.ts';
import { absoluteLogoUrl, composeMail } from './template-renderer.ts';

export interface OutboxDeps {
  /** E-mail deliveries of service changes (one per enabled preference). */
  outbox: NotificationOutboxRepository;
  /** E-mail deliveries of game-server and media changes (one per enabled subscription with an address). */
  subjectMails: SubjectMailDeliveriesRepository;
  /** Mails that are not status notifications, rendered when queued (game-server requests). */
  mails: OutboxMailsRepository;
  templates: EmailTemplatesRepository;
  mailer: ReloadableMailer;
  clock: Clock;
  /** The site title (appName) and logo of the notifications. */
  site: () => Promise<{ title: string; logo: string | null }>;
  publicUrl: string;
  /** Installation secret: makes Message-IDs unique across installations that share a host name. */
  secret: string;
  log: FastifyBaseLogger;
  /** The one enqueue path of every alert: service, game-server and media changes to e-mail and channels. */
  alerts: AlertQueueRepository;
  /** The channel side: webhook, ntfy, Gotify, Discord, Slack and Telegram deliveries. */
  channels: ChannelOutbox;
  /**
   * The services whose alerts are held now (maintenance windows, docs/decisions/0020): their status changes wait
   * unprocessed, and when the window ends the usual rules send only what still differs from what was last told.
   */
  heldServices?: () => Promise<readonly number[]>;
  /**
   * Whether a maintenance window of the service was active at a given time: a change made then was held on
   * purpose, and folds into later ones however late it reached the outbox (delivery-rules.ts `queuedLate`).
   */
  heldAt?: ServiceHeldAt;
}

/** What one run did (tests and logs read it). */
export interface OutboxRunReport {
  enqueued: number;
  sent: number;
  skipped: number;
  deferred: number;
  retried: number;
  failed: number;
}

const BATCH = 100;
const MAX_SENDS_PER_RUN = 50;

/**
 * The notification outbox worker. Each run: (1) turns unprocessed status changes into deliveries, one e-mail per
 * enabled preference (services) or subscription (game servers, the media server) and one per channel of its owner
 * (transactionally, exactly once; alert-queue.repository.ts); (2) returns deliveries whose worker died to pending;
 * (3) claims due e-mail deliveries of both tables one by one with a conditional UPDATE and sends them with the
 * default template under the same rules; (4) sends due channel deliveries (channel-outbox.ts). Runs never overlap
 * within an instance; instances coordinate through the database alone. The job `jobs/send-notifications.job.ts`
 * calls `runOnce` every second.
 */
export class NotificationOutbox {
  #running: Promise<OutboxRunReport> | undefined;

  constructor(private readonly deps: OutboxDeps) {}

  /** Resolves once the run in progress, if any, has ended: the app awaits it before the database closes. */
  async idle(): Promise<void> {
    await this.#running?.catch(() => undefined);
  }

  /** Queues mails that are not status notifications; the next run sends them with the same retry rules. */
  async enqueueMails(mails: NewOutboxMail[]): Promise<void> {
    await this.deps.mails.enqueue(mails, iso(this.deps.clock.now()));
  }

  /** One run; concurrent calls share the run in progress. */
  runOnce(): Promise<OutboxRunReport> {
    this.#running ??= this.#run().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #run(): Promise<OutboxRunReport> {
    const report: OutboxRunReport = { enqueued: 0, sent: 0, skipped: 0, deferred: 0, retried: 0, failed: 0 };
    // Settings changed by another instance reach this one's mailer (and password reset) within a tick.
    await this.deps.mailer.refresh();
    report.enqueued = await this.#enqueueAlerts();
    // SMTP failing: the other queues wait too, instead of waiting on a dead server for each of their mails.
    if (
      (await this.#sendDeliveries(this.deps.outbox, report)) &&
      (await this.#sendDeliveries(this.deps.subjectMails, report))
    ) {
      await this.#sendMails(report);
    }
    // Channels do not depend on SMTP: they go out whatever e-mail does.
    await this.deps.channels.run((outcome) => {
      report[outcome] += 1;
    });
    return report;
  }

  /**
   * Turns unprocessed status changes (services, game servers, the media server) into e-mail and channel
   * deliveries. Every alert enters the outbox here and only here.
   */
  async #enqueueAlerts(): Promise<number> {
    const { alerts, clock } = this.deps;
    const site = { title: (await this.deps.site()).title, url: this.deps.publicUrl };
    const payloadOf = (facts: AlertFacts) => JSON.stringify(alertPayload(facts, site));
    const held = (await this.deps.heldServices?.()) ?? [];
    let enqueued = 0;
    for (let batch = 0; batch < 10; batch += 1) {
      const count = await alerts.enqueue(iso(clock.now()), BATCH, payloadOf, held);
      enqueued += count;
      if (count < BATCH) break;
    }
    return enqueued;
  }

  /** The due e-mail deliveries of one table; false when SMTP is failing (the rest wait for a later run). */
  async #sendDeliveries<D extends MailDelivery>(
    queue: MailDeliveryQueue<D>,
    report: OutboxRunReport,
  ): Promise<boolean> {
    const { clock } = this.deps;
    const now = clock.now();
    await queue.releaseStaleClaims(iso(new Date(now.getTime() - OUTBOX_RULES.claimLeaseMs)));
    const due = await queue.dueIds(iso(now), MAX_SENDS_PER_RUN);
    for (const id of due) {
      const token = randomUUID();
      if (!(await queue.claim(id, token, iso(clock.now())))) continue;
      const outcome = await this.#deliver(queue, id, token);
      report[outcome] += 1;
      if (outcome === 'retried') return false;
    }
    return true;
  }

  /** The queued plain mails: claimed one by one, sent, retried with backoff while SMTP fails, given up after a day. */
  async #sendMails(report: OutboxRunReport): Promise<void> {
    const { mails, clock } = this.deps;
    await mails.releaseStaleClaims(iso(new Date(clock.now().getTime() - OUTBOX_RULES.claimLeaseMs)));
    for (const id of await mails.dueIds(iso(clock.now()), MAX_SENDS_PER_RUN)) {
      const token = randomUUID();
      const mail = await mails.claim(id, token, iso(clock.now()));
      if (!mail) continue;
      const outcome = await this.#sendMail(mail, token);
      report[outcome] += 1;
      if (outcome === 'retried') return;
    }
  }

  async #sendMail(mail: OutboxMail, token: string): Promise<'sent' | 'retried' | 'failed'> {
    const { mails, clock, mailer } = this.deps;
    try {
      if (!mailer.isConfigured) throw new Error('SMTP is not configured');
      await mailer.send({ to: mail.mailTo, subject: mail.subject, text: mail.text, messageId: this.#mailId(mail.id) });
      await mails.finish(mail.id, token, 'sent', iso(clock.now()));
      return 'sent';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = clock.now();
      if (shouldGiveUp(mail.createdAt, now)) {
        await mails.finish(mail.id, token, 'failed', iso(now), message);
        this.deps.log.warn({ mail: mail.id, kind: mail.kind, err: error }, 'mail given up');
        return 'failed';
      }
      const attempts = mail.attempts + 1;
      await mails.retryLater(mail.id, token, iso(new Date(now.getTime() + retryDelayMs(attempts))), attempts, message);
      return 'retried';
    }
  }

  async #deliver<D extends MailDelivery>(
    queue: MailDeliveryQueue<D>,
    id: number,
    token: string,
  ): Promise<'sent' | 'skipped' | 'deferred' | 'retried' | 'failed'> {
    const { clock } = this.deps;
    const delivery = await queue.load(id);
    if (!delivery) return 'skipped'; // its preference, subscription or subject was deleted meanwhile (cascade)
    const now = clock.now();
    // Once rendered, the stored mail is what every attempt sends, to the address it was rendered for.
    let decision: DeliveryDecision;
    if (delivery.email || delivery.mail) {
      const hasNewer = await queue.hasNewer(delivery);
      decision = decideDelivery(delivery, {
        now,
        hasNewer,
        lastSent: await queue.lastSent(delivery),
        lastTold: await queue.lastTold(delivery),
        // Only a superseded change asks: nothing else depends on it.
        heldByMaintenance:
          hasNewer && (await heldByMaintenance(this.deps.heldAt, queue.subjectOf(delivery), delivery.changedAt)),
      });
    } else {
      // A subscriber whose account lost its address after the change was queued, before a first attempt.
      decision = { action: 'skip', reason: 'no e-mail address' };
    }
    switch (decision.action) {
      case 'skip':
        await queue.finish(id, token, 'skipped', decision.reason, iso(now));
        return 'skipped';
      case 'defer':
        await queue.retryLater(id, token, iso(decision.until), undefined);
        return 'deferred';
      case 'send':
        return this.#send(queue, delivery, token);
    }
  }

  async #send<D extends MailDelivery>(
    queue: MailDeliveryQueue<D>,
    delivery: D,
    token: string,
  ): Promise<'sent' | 'skipped' | 'retried' | 'failed'> {
    const { clock, mailer } = this.deps;
    try {
      if (!mailer.isConfigured) throw new Error('SMTP is not configured');
      const mail = delivery.mail ?? (await this.#render(delivery));
      // Stored before SMTP sees it: if this process dies after SMTP accepted the mail, the resend of the delivery
      // in doubt is the same mail under the same Message-ID, whatever was renamed or edited meanwhile.
      if (!delivery.mail && !(await queue.saveMail(delivery.id, token, mail))) {
        this.deps.log.warn({ delivery: delivery.id }, 'notification claim expired before sending');
        return 'skipped';
      }
      const { templateId, ...message } = mail;
      const { prefix, scope } = queue.messageIdScope;
      await mailer.send({ ...message, messageId: this.#stableId(prefix, scope, delivery.id) });
      if (!(await queue.markSent(delivery, token, templateId, iso(clock.now())))) {
        this.deps.log.warn({ delivery: delivery.id }, 'notification sent after its claim expired');
      }
      return 'sent';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = clock.now();
      if (shouldGiveUp(delivery.createdAt, now)) {
        await queue.finish(delivery.id, token, 'failed', message, iso(now));
        this.deps.log.warn({ delivery: delivery.id, err: error }, 'notification given up');
        return 'failed';
      }
      const attempts = delivery.attempts + 1;
      const next = new Date(now.getTime() + retryDelayMs(attempts));
      await queue.retryLater(delivery.id, token, iso(next), { error: message, attempts });
      return 'retried';
    }
  }

  /** The delivery's mail from the default template, the site's title and logo, and the change. */
  async #render(delivery: MailDelivery): Promise<DeliveryMail> {
    const template = await this.deps.templates.findDefault();
    if (!template) throw new Error('There is no default e-mail template');
    const site = await this.deps.site();
    const values = {
      logoUrl: absoluteLogoUrl(site.logo, this.deps.publicUrl),
      appName: site.title,
      // A game server's or the media server's mail says which it is (subject-mail-text.ts).
      serviceName: isSubjectMailDelivery(delivery)
        ? subjectMailName(delivery.subjectKind, delivery.subjectName)
        : delivery.subjectName,
      status: delivery.status ? 'UP' : 'DOWN',
      timestamp: formatTimestamp(delivery.changedAt),
      duration: previousStateDuration(delivery.changedAt, delivery.previousChangedAt),
    };
    const { to, subject, html, text } = composeMail(template, values, delivery.email);
    return { to, subject, html: html ?? '', text, templateId: template.id };
  }

  #mailId(mailId: number): string {
    return this.#stableId('mail', 'mail', mailId);
  }

  /** The same Message-ID every time this mail or delivery is sent, unique to this installation. */
  #stableId(prefix: string, scope: string, id: number): string {
    const tag = createHmac('sha256', this.deps.secret).update(`${scope}:${id}`).digest('hex').slice(0, 20);
    const host = new URL(this.deps.publicUrl).hostname || 'localhost';
    return `<${prefix}-${id}-${tag}@${host}>`;
  }
}
