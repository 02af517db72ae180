import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Mailer, SmtpConfig } from '../integrations/mail/mailer.ts';
import { EmailTemplatesRepository } from '../repositories/email-templates.repository.ts';
import { MailSettingsRepository } from '../repositories/mail-settings.repository.ts';
import { NotificationOutboxRepository } from '../repositories/notification-outbox.repository.ts';
import { OutboxMailsRepository } from '../repositories/outbox-mails.repository.ts';
import { SubjectMailDeliveriesRepository } from '../repositories/subject-mail-deliveries.repository.ts';
import { NotificationPreferencesRepository } from '../repositories/notification-preferences.repository.ts';
import { ServicesRepository } from '../repositories/services.repository.ts';
import type { Clock } from '../services/clock.ts';
import type { SettingsService } from '../services/settings.service.ts';
import { EmailTemplateService } from './email-template.service.ts';
import { fromEnv, MailSettingsService, toSmtpConfig } from './mail-settings.service.ts';
import { NotificationPreferenceService } from './notification-preference.service.ts';
import { NotificationOutbox } from './outbox.service.ts';
import { fixedMailer, SettingsMailer, type ReloadableMailer } from './settings-mailer.ts';
import { recipientLimiter, TEST_MAIL_LIMITS, TestMailGate } from './test-mail-gate.ts';
import type { AddressPolicy } from '../http/ip-policy.ts';
import { ChannelHttp } from '../integrations/channels/channel-http.ts';
import { GameServersRepository } from '../repositories/game-servers.repository.ts';
import { MediaStatusRepository } from '../repositories/media-status.repository.ts';
import { iso } from '../services/clock.ts';
import { AlertQueueRepository } from '../repositories/alert-queue.repository.ts';
import { AlertSubscriptionService } from './alert-subscription.service.ts';
import {
  AlertSubscriptionsRepository,
  type SubjectStatusChange,
} from '../repositories/alert-subscriptions.repository.ts';
import { ChannelDeliveriesRepository } from '../repositories/channel-deliveries.repository.ts';
import { ChannelOutbox } from './channel-outbox.ts';
import type { ServiceHeldAt } from './delivery-rules.ts';
import { ChannelService } from './channel.service.ts';
import { ChannelsRepository } from '../repositories/channels.repository.ts';

export interface NotificationDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** A mailer to use instead of the one built from the stored SMTP settings. */
  mailerOverride: Mailer | undefined;
  /** SMTP_* environment variables: in force while the database holds no mail settings. */
  smtpDefaults: SmtpConfig;
  publicUrl: string;
  secret: string;
  settings: SettingsService;
  log: FastifyBaseLogger;
  /** MAX_EMAIL_TEMPLATES. */
  maxEmailTemplates: number;
  /** Where channels may connect: the outbound address policy of URLs people type (image-from-URL's). */
  outboundPolicy: AddressPolicy;
  /** How long a channel's endpoint may take to answer (default 10 s). */
  channelTimeoutMs?: number | undefined;
  /** The services whose alerts are held now (maintenance windows). */
  heldServices?: () => Promise<readonly number[]>;
  /** Whether a maintenance window of the service was active at a given time. */
  heldAt?: ServiceHeldAt;
}

/** The e-mail side of the app: mailer, SMTP settings, templates, preferences and the outbox worker. */
export interface NotificationServices {
  mailer: ReloadableMailer;
  mailSettings: MailSettingsService;
  emailTemplates: EmailTemplateService;
  notificationPreferences: NotificationPreferenceService;
  /** The outbox worker; the send-notifications job runs it every second, tests call runOnce(). */
  outbox: NotificationOutbox;
  /** Each user's own alert channels (webhook, ntfy, Gotify, Discord, Slack, Telegram). */
  notificationChannels: ChannelService;
  /** Each user's subscriptions to game servers and the media server. */
  alertSubscriptions: AlertSubscriptionService;
  /** Records status changes of game servers and the media server (their pollers call it). */
  recordSubjectChanges: (changes: readonly SubjectStatusChange[]) => Promise<void>;
}

/** Wires the notification services; reads the mail settings once so the mailer starts configured. */
export async function createNotificationServices(deps: NotificationDeps): Promise<NotificationServices> {
  const { db, clock } = deps;
  const templates = new EmailTemplatesRepository(db);
  const settingsRepository = new MailSettingsRepository(db);
  const envDefaults = fromEnv(deps.smtpDefaults);
  const load = async () => toSmtpConfig((await settingsRepository.get()) ?? envDefaults);
  const settingsMailer = new SettingsMailer(load, await load());
  const mailer = deps.mailerOverride ? fixedMailer(deps.mailerOverride) : settingsMailer;
  // Each gate counts its own senders; a recipient counts across both, whoever sends.
  const recipients = recipientLimiter(clock);
  const adminGate = new TestMailGate(mailer, TEST_MAIL_LIMITS.admin, recipients, clock);
  const userGate = new TestMailGate(mailer, TEST_MAIL_LIMITS.user, recipients, clock);
  const site = async () => {
    const settings = await deps.settings.get();
    return { title: settings.site_title, logo: settings.logo_url_large ?? settings.logo_url };
  };
  const http = new ChannelHttp(deps.outboundPolicy, deps.channelTimeoutMs);
  const subscriptions = new AlertSubscriptionsRepository(db);
  const alertSite = async () => ({ title: (await site()).title, url: deps.publicUrl });
  return {
    mailer,
    mailSettings: new MailSettingsService(settingsRepository, settingsMailer, envDefaults, adminGate, clock),
    emailTemplates: new EmailTemplateService(templates, adminGate, clock, deps.publicUrl, deps.maxEmailTemplates),
    notificationPreferences: new NotificationPreferenceService({
      preferences: new NotificationPreferencesRepository(db),
      services: new ServicesRepository(db),
      templates,
      gate: userGate,
      clock,
      publicUrl: deps.publicUrl,
      siteLogo: async () => (await site()).logo,
    }),
    outbox: new NotificationOutbox({
      outbox: new NotificationOutboxRepository(db),
      subjectMails: new SubjectMailDeliveriesRepository(db),
      mails: new OutboxMailsRepository(db),
      templates,
      mailer,
      clock,
      site,
      publicUrl: deps.publicUrl,
      secret: deps.secret,
      log: deps.log,
      alerts: new AlertQueueRepository(db),
      channels: new ChannelOutbox({
        deliveries: new ChannelDeliveriesRepository(db),
        http,
        clock,
        log: deps.log,
        heldAt: deps.heldAt,
      }),
      heldServices: deps.heldServices,
      heldAt: deps.heldAt,
    }),
    notificationChannels: new ChannelService({ channels: new ChannelsRepository(db), http, clock, site: alertSite }),
    alertSubscriptions: new AlertSubscriptionService({
      subscriptions,
      gameServers: new GameServersRepository(db),
      media: new MediaStatusRepository(db),
      clock,
    }),
    recordSubjectChanges: (changes) => subscriptions.recordChanges(changes, iso(clock.now())),
  };
}
