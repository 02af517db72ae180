import { canSeeNsfw, isAdminRole } from '#shared/permissions';
import {
  NOTIFICATION_MSG,
  type TestNotificationBody,
  type UpsertNotificationPreferenceBody,
} from '#shared/schemas/notifications';
import type { EmailTemplatesRepository } from '../repositories/email-templates.repository.ts';
import type {
  NotificationPreference,
  NotificationPreferencesRepository,
} from '../repositories/notification-preferences.repository.ts';
import type { ServicesRepository } from '../repositories/services.repository.ts';
import type { User } from '../repositories/users.repository.ts';
import { AppError } from '../services/app-error.ts';
import type { Clock } from '../services/clock.ts';
import { iso } from '../services/clock.ts';
import { absoluteLogoUrl, composeMail, sampleValues } from './template-renderer.ts';
import type { TestMailGate } from './test-mail-gate.ts';

export interface NotificationPreferenceDeps {
  preferences: NotificationPreferencesRepository;
  services: ServicesRepository;
  templates: EmailTemplatesRepository;
  gate: TestMailGate;
  clock: Clock;
  publicUrl: string;
  /** The site logo, shown in test notifications as in real ones. */
  siteLogo: () => Promise<string | null>;
}

/**
 * Each user's own notification preferences. Every query is scoped to the caller; a service the caller may
 * not see (NSFW without access, or absent) answers 404 alike, so its existence is not revealed.
 */
export class NotificationPreferenceService {
  constructor(private readonly deps: NotificationPreferenceDeps) {}

  /** The caller's preferences on services the caller may see now. */
  list(viewer: User): Promise<NotificationPreference[]> {
    return this.deps.preferences.listForUser(viewer.id, canSeeNsfw(viewer));
  }

  /** Creates or replaces the caller's preference for one visible service. */
  async upsert(viewer: User, input: UpsertNotificationPreferenceBody): Promise<NotificationPreference> {
    const service = await this.deps.services.findById(input.serviceId);
    if (!service || (service.isNSFW && !canSeeNsfw(viewer))) {
      throw new AppError('not_found', NOTIFICATION_MSG.serviceNotFound);
    }
    return this.deps.preferences.upsert({
      userId: viewer.id,
      serviceId: service.id,
      email: input.email,
      enabled: input.enabled ?? true,
      now: iso(this.deps.clock.now()),
    });
  }

  /** Sends the template with the preview sample values to the address (rate-limited per user). */
  async sendTest(viewer: User, input: TestNotificationBody): Promise<void> {
    const template = await this.deps.templates.findById(input.templateId);
    // Templates are the administrators' (GET /api/email-templates is admin-only): anyone else may test only the
    // default one, which real notifications use, and another id answers like a missing one, so template ids and
    // contents cannot be probed through a test mail.
    const mayUse = template && (template.defaultTemplate || isAdminRole(viewer.role));
    if (!mayUse) throw new AppError('not_found', NOTIFICATION_MSG.templateNotFound);
    const logo = absoluteLogoUrl(await this.deps.siteLogo(), this.deps.publicUrl);
    const mail = composeMail(template, sampleValues(this.deps.clock.now(), logo), input.email);
    await this.deps.gate.send(viewer.id, mail, isAdminRole(viewer.role));
  }
}
