import type { EmailTemplateWire } from '#shared/schemas/email-templates';
import type { EmailTemplate } from '../repositories/email-templates.repository.ts';

/** An e-mail template on the wire (SPEC section 3 field names). */
export function presentEmailTemplate(template: EmailTemplate): EmailTemplateWire {
  return {
    id: template.id,
    name: template.name,
    subject: template.subject,
    template: template.template,
    defaultTemplate: template.defaultTemplate,
    createdAt: template.createdAt,
    updatedAt: template.updatedAt,
  };
}
