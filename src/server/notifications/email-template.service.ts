import {
  EMAIL_TEMPLATE_MSG,
  type CreateEmailTemplateBody,
  type TestEmailTemplateBody,
  type UpdateEmailTemplateBody,
} from '#shared/schemas/email-templates';
import type { EmailTemplate, EmailTemplatesRepository } from '../repositories/email-templates.repository.ts';
import { AppError } from '../services/app-error.ts';
import type { Clock } from '../services/clock.ts';
import { iso } from '../services/clock.ts';
import { absoluteLogoUrl, composeMail, sampleValues } from './template-renderer.ts';
import type { TestMailGate } from './test-mail-gate.ts';

/** E-mail templates (administrators): list, create, edit, mark as default, delete, send a test. */
export class EmailTemplateService {
  constructor(
    private readonly templates: EmailTemplatesRepository,
    private readonly gate: TestMailGate,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  list(): Promise<EmailTemplate[]> {
    return this.templates.list();
  }

  create(input: CreateEmailTemplateBody): Promise<EmailTemplate> {
    return this.templates.insert({ ...input, now: iso(this.clock.now()) });
  }

  /** Applies a partial edit; `defaultTemplate: true` moves the default here, `false` on the default is refused. */
  async update(pathId: number, input: UpdateEmailTemplateBody): Promise<EmailTemplate> {
    if (input.id !== pathId) throw new AppError('bad_request', EMAIL_TEMPLATE_MSG.idMismatch);
    const { id, defaultTemplate, ...changes } = input;
    const existing = await this.#find(id);
    if (defaultTemplate === false && existing.defaultTemplate) {
      throw new AppError('bad_request', EMAIL_TEMPLATE_MSG.defaultRequired);
    }
    const updated = await this.templates.update(id, changes, defaultTemplate === true, iso(this.clock.now()));
    if (!updated) throw new AppError('not_found', EMAIL_TEMPLATE_MSG.notFound);
    return updated;
  }

  /** Deletes a template; the default one stays (notifications need it). */
  async delete(id: number): Promise<void> {
    const outcome = await this.templates.deleteUnlessDefault(id);
    if (outcome === 'absent') throw new AppError('not_found', EMAIL_TEMPLATE_MSG.notFound);
    if (outcome === 'default') throw new AppError('conflict', EMAIL_TEMPLATE_MSG.defaultNotDeletable);
  }

  /** Sends the template with SPEC's preview sample values, so the test mail is what the preview showed. */
  async sendTest(actorId: number, id: number, input: TestEmailTemplateBody): Promise<void> {
    const template = await this.#find(id);
    const values = sampleValues(this.clock.now(), absoluteLogoUrl(input.logoUrl, this.publicUrl));
    await this.gate.send(actorId, composeMail(template, values, input.email), true);
  }

  async #find(id: number): Promise<EmailTemplate> {
    const template = await this.templates.findById(id);
    if (!template) throw new AppError('not_found', EMAIL_TEMPLATE_MSG.notFound);
    return template;
  }
}
