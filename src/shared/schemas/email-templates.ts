import { z } from 'zod';
import { emailField, idField } from './fields.ts';
import { imageRefField } from './service.ts';

/** Texts of the e-mail templates contract: SPEC section 5 and 8 texts, plus the server's own. */
export const EMAIL_TEMPLATE_MSG = {
  nameRequired: 'Template name is required',
  subjectRequired: 'Subject line is required',
  templateRequired: 'Template content is required',
  nameTooLong: 'Template name must be at most 100 characters',
  subjectTooLong: 'Subject line must be at most 200 characters',
  templateTooLong: 'Template content must be at most 100000 characters',
  notFound: 'Template not found',
  idMismatch: 'The id in the body does not match the address',
  defaultNotDeletable: 'The default template cannot be deleted',
  defaultRequired: 'Mark another template as default instead',
  deleted: 'Template deleted',
  created: 'Template created',
  updated: 'Template updated',
} as const;

/** The six placeholders a template may use (DESIGN "Monitoring"); nothing else is ever evaluated. */
export const TEMPLATE_PLACEHOLDERS = ['logoUrl', 'appName', 'serviceName', 'status', 'timestamp', 'duration'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
/** One value per placeholder; every value is plain text (escaped when it goes into HTML). */
export type TemplateValues = Record<TemplatePlaceholder, string>;

/** SPEC section 2's preview sample values; test e-mails use them too (timestamp and logo are filled in). */
export const PREVIEW_SAMPLE = {
  appName: 'Homelab Monitor',
  serviceName: 'Example Service',
  status: 'UP',
  duration: '5 minutes',
} as const;

const nameField = z
  .string({ error: EMAIL_TEMPLATE_MSG.nameRequired })
  .trim()
  .min(1, EMAIL_TEMPLATE_MSG.nameRequired)
  .max(100, EMAIL_TEMPLATE_MSG.nameTooLong);
const subjectField = z
  .string({ error: EMAIL_TEMPLATE_MSG.subjectRequired })
  .trim()
  .min(1, EMAIL_TEMPLATE_MSG.subjectRequired)
  .max(200, EMAIL_TEMPLATE_MSG.subjectTooLong);
const templateField = z
  .string({ error: EMAIL_TEMPLATE_MSG.templateRequired })
  .max(100_000, EMAIL_TEMPLATE_MSG.templateTooLong)
  .refine((value) => value.trim().length > 0, EMAIL_TEMPLATE_MSG.templateRequired);

/** An e-mail template as the API presents it (SPEC section 3). */
export const emailTemplateWire = z.object({
  id: z.number(),
  name: z.string(),
  subject: z.string(),
  template: z.string(),
  defaultTemplate: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplateWire = z.infer<typeof emailTemplateWire>;

/** POST /api/email-templates (SPEC section 7). New templates are never the default; mark one with PATCH. */
export const createEmailTemplateBody = z.strictObject({
  name: nameField,
  subject: subjectField,
  template: templateField,
});
export type CreateEmailTemplateBody = z.infer<typeof createEmailTemplateBody>;

/**
 * PATCH /api/email-templates/{id}: partial with the required numeric id (SPEC sections 3 and 5).
 * `defaultTemplate: true` makes this the one default template (our addition); `false` is refused on the
 * default itself, since there must always be one.
 */
export const updateEmailTemplateBody = z.strictObject({
  id: idField,
  name: nameField.optional(),
  subject: subjectField.optional(),
  template: templateField.optional(),
  defaultTemplate: z.boolean({ error: 'defaultTemplate must be true or false' }).optional(),
});
export type UpdateEmailTemplateBody = z.infer<typeof updateEmailTemplateBody>;

/** POST /api/email-templates/{id}/test: where to send it and the logo to show (empty or absent: none). */
export const testEmailTemplateBody = z.strictObject({
  email: emailField,
  logoUrl: imageRefField.optional(),
});
export type TestEmailTemplateBody = z.infer<typeof testEmailTemplateBody>;

// --- rendering (shared so that the dialog's preview and the sent mail are the same) --------------------

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

// Exactly `{{name}}` with optional spaces inside; a third brace on either side (`{{{name}}}`, the "raw output"
// syntax of Handlebars and Mustache) is not a placeholder, so it comes out literally.
const PLACEHOLDER = /(?<!\{)\{\{\s*(logoUrl|appName|serviceName|status|timestamp|duration)\s*\}\}(?!\})/g;

function substitute(text: string, values: TemplateValues, encode: (value: string) => string): string {
  // A single pass with a replacer function: substituted values are never scanned again, so a value that
  // itself contains `{{status}}` stays literal, and `$&`-style patterns in values mean nothing.
  return text.replace(PLACEHOLDER, (_match, name: TemplatePlaceholder) => encode(values[name]));
}

/**
 * The HTML body: placeholders replaced by HTML-escaped values, everything else untouched. An `<img>` whose
 * `src` ends up empty (no logo configured) is dropped, so a template can show a logo only when there is one.
 */
export function renderTemplateHtml(template: string, values: TemplateValues): string {
  return substitute(template, values, escapeHtml).replace(/<img\b[^>]*?\bsrc\s*=\s*(""|'')[^>]*>/gi, '');
}

/**
 * The subject: plain text (values are not HTML-escaped), with every line break and other control character
 * turned into a space so it cannot end the Subject header and start another.
 */
export function renderSubject(subject: string, values: TemplateValues): string {
  return (
    substitute(subject, values, (value) => value)
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/\s{2,}/g, ' ')
      .trim()
      .slice(0, 300)
  );
}
