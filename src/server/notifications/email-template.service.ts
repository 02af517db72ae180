import {
  EMAIL_TEMPLATE_MSG,
  type CreateEmailTemplateBody,
  type TestEmailTemplateBody,
  type UpdateEmailTemplateBody,
} from '#shared/schemas/email-templates';
import { capReached } from '#shared/messages';
import type { EmailTemplate, EmailTemplatesRepository } from '../repositories/email-templates.repository.ts';
import { AppError } from '../services/app-error.ts';
import { checkRowCap } from '../services/row-caps.ts';
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
    /** MAX_EMAIL_TEMPLATES: every status mail renders one, and the list is loaded whole. */
    private readonly maxTemplates: number,
  ) {}

  list(): Promise<EmailTemplate[]> {
    return this.templates.list();
  }

  async create(input: CreateEmailTemplateBody): Promise<EmailTemplate> {
    await checkRowCap(
      () => this.templates.count(),
      this.maxTemplates,
      capReached('e-mail templates', this.maxTemplates, 'MAX_EMAIL_TEMPLATES'),
    );
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
