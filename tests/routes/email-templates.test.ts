import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_MSG, type EmailTemplateWire } from '../../src/shared/schemas/email-templates.ts';
import { TEST_MAIL_MSG } from '../../src/shared/schemas/notifications.ts';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

const PUBLIC_URL = 'https://dash.example.test';
let smtp: FakeSmtp;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
const clock = new TestClock(new Date('2030-06-01T12:00:00.000Z'));

beforeAll(async () => {
  smtp = await startFakeSmtp();
  app = await startTestApp({
    clock,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'none',
      SMTP_FROM: 'lab@example.test',
      PUBLIC_URL,
    },
  });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

async function createTemplate(body: Record<string, unknown>): Promise<EmailTemplateWire> {
  const response = await admin.post<EmailTemplateWire>('/api/email-templates', body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** Sends a test of the template and returns the mail that arrived. */
async function sendTest(id: number, body: Record<string, unknown>) {
  const before = smtp.inbox.length;
  const response = await admin.post(`/api/email-templates/${id}/test`, body);
  expect(response.status, response.text).toBe(200);
  expect(response.body.message).toBe(TEST_MAIL_MSG.sent);
  const inbox = await smtp.waitFor(before + 1);
  const received = inbox[before];
  if (!received) throw new Error('no mail');
  return received;
}

describe('the default template', () => {
  it('exists from the first start, uses the placeholders, and is listed first', async () => {
    const response = await admin.get<EmailTemplateWire[]>('/api/email-templates');
    expect(response.status).toBe(200);
    const [first] = response.body;
    expect(first?.defaultTemplate).toBe(true);
    expect(first?.subject).toContain('{{serviceName}}');
    for (const placeholder of ['logoUrl', 'appName', 'serviceName', 'status', 'timestamp', 'duration']) {
      expect(first?.template).toContain(`{{${placeholder}}}`);
    }
    expect(first?.template).toContain('<table');
  });

  it('sends a good-looking test with SPEC sample values, an absolute logo and a plain-text part', async () => {
    const list = await admin.get<EmailTemplateWire[]>('/api/email-templates');
    const id = list.body[0]?.id ?? 0;
    const logo = `/uploads/site/${'a'.repeat(32)}-large.png`;
    const { to, mail } = await sendTest(id, { email: 'Admin@Example.test', logoUrl: logo });
    expect(to).toEqual(['admin@example.test']);
    expect(mail.subject).toBe('[Homelab Monitor] Example Service is UP');
    expect(mail.html).toContain(`src="${PUBLIC_URL}${logo}"`);
    expect(mail.html).toContain('5 minutes');
    expect(mail.html).toContain('2030-06-01 12:00:00 UTC');
    expect(mail.text).toContain('Example Service is UP');
    expect(mail.text).toContain('Previous state lasted: 5 minutes');
    expect(mail.text).not.toContain('<');
  });

  it('drops the logo image when no logo is given', async () => {
    const list = await admin.get<EmailTemplateWire[]>('/api/email-templates');
    const { mail } = await sendTest(list.body[0]?.id ?? 0, { email: 'admin@example.test', logoUrl: '' });
    expect(mail.html).not.toContain('<img');
  });

  it('cannot be deleted, nor un-marked, but another template can take its place', async () => {
    const list = await admin.get<EmailTemplateWire[]>('/api/email-templates');
    const original = list.body.find((template) => template.defaultTemplate);
    if (!original) throw new Error('no default');
    const refused = await admin.delete(`/api/email-templates/${original.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(EMAIL_TEMPLATE_MSG.defaultNotDeletable);
    const unmark = await admin.patch(`/api/email-templates/${original.id}`, {
      id: original.id,
      defaultTemplate: false,
    });
    expect(unmark.status).toBe(400);
    expect(unmark.body.message).toBe(EMAIL_TEMPLATE_MSG.defaultRequired);

    const replacement = await createTemplate({ name: 'Short', subject: '{{status}}', template: '<p>x</p>' });
    expect(replacement.defaultTemplate).toBe(false);
    const marked = await admin.patch<EmailTemplateWire>(`/api/email-templates/${replacement.id}`, {
      id: replacement.id,
      defaultTemplate: true,
    });
    expect(marked.status).toBe(200);
    expect(marked.body.defaultTemplate).toBe(true);
    const after = await admin.get<EmailTemplateWire[]>('/api/email-templates');
    expect(after.body.filter((template) => template.defaultTemplate).map((template) => template.id)).toEqual([
      replacement.id,
    ]);
    // Put the original back, then the replacement may go.
    await admin.patch(`/api/email-templates/${original.id}`, { id: original.id, defaultTemplate: true });
    const deleted = await admin.delete(`/api/email-templates/${replacement.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(EMAIL_TEMPLATE_MSG.deleted);
    expect((await admin.delete(`/api/email-templates/${replacement.id}`)).status).toBe(404);
  });
});

describe('create and edit', () => {
  const valid = { name: 'Alert', subject: '{{serviceName}} is {{status}}', template: '<p>{{serviceName}}</p>' };
  const cases: [string, Record<string, unknown>, string][] = [
    ['missing name', { subject: 's', template: 't' }, EMAIL_TEMPLATE_MSG.nameRequired],
    ['empty name', { ...valid, name: '' }, EMAIL_TEMPLATE_MSG.nameRequired],
    ['blank name', { ...valid, name: '   ' }, EMAIL_TEMPLATE_MSG.nameRequired],
    ['missing subject', { name: 'n', template: 't' }, EMAIL_TEMPLATE_MSG.subjectRequired],
    ['empty subject', { ...valid, subject: '' }, EMAIL_TEMPLATE_MSG.subjectRequired],
    ['missing template', { name: 'n', subject: 's' }, EMAIL_TEMPLATE_MSG.templateRequired],
    ['empty template', { ...valid, template: '' }, EMAIL_TEMPLATE_MSG.templateRequired],
    ['blank template', { ...valid, template: ' \n ' }, EMAIL_TEMPLATE_MSG.templateRequired],
    ['numeric name', { ...valid, name: 5 }, EMAIL_TEMPLATE_MSG.nameRequired],
  ];
  for (const [label, body, message] of cases) {
    it(`refuses a ${label} with '${message}'`, async () => {
      const response = await admin.post('/api/email-templates', body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    });
  }

  it('refuses extra fields such as defaultTemplate or id on create', async () => {
    for (const extra of [{ defaultTemplate: true }, { id: 1 }, { createdAt: 'x' }]) {
      const response = await admin.post('/api/email-templates', { ...valid, ...extra });
      expect(response.status).toBe(400);
    }
  });

  it('creates, then edits partially with the id in the body matching the path', async () => {
    const created = await createTemplate(valid);
    expect(created).toMatchObject({ ...valid, defaultTemplate: false });
    const edited = await admin.patch<EmailTemplateWire>(`/api/email-templates/${created.id}`, {
      id: created.id,
      subject: 'New subject',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Alert', subject: 'New subject', template: valid.template });

    const noId = await admin.patch(`/api/email-templates/${created.id}`, { subject: 'x' });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('id must be a number');
    const textId = await admin.patch(`/api/email-templates/${created.id}`, { id: String(created.id) });
    expect(textId.status).toBe(400);
    const otherId = await admin.patch(`/api/email-templates/${created.id}`, { id: created.id + 1000 });
    expect(otherId.status).toBe(400);
    expect(otherId.body.message).toBe(EMAIL_TEMPLATE_MSG.idMismatch);
    const emptyName = await admin.patch(`/api/email-templates/${created.id}`, { id: created.id, name: '' });
    expect(emptyName.body.message).toBe(EMAIL_TEMPLATE_MSG.nameRequired);
    const absent = await admin.patch('/api/email-templates/999999', { id: 999999, name: 'x' });
    expect(absent.status).toBe(404);
    expect(absent.body.message).toBe(EMAIL_TEMPLATE_MSG.notFound);
  });

  it('is refused to a user (403) and to a stranger (401)', async () => {
    const user = await actors.user.signIn();
    expect((await user.get('/api/email-templates')).status).toBe(403);
    expect((await user.post('/api/email-templates', valid)).status).toBe(403);
    expect((await app.client().post('/api/email-templates', valid)).status).toBe(401);
  });
});

describe('template injection', () => {
  it('substitutes only the six placeholders; every other engine syntax comes out literally', async () => {
    const literal = [
      '{{constructor}}',
      '{{constructor.constructor("return process")()}}',
      '{{#each services}}x{{/each}}',
      '{{> partial}}',
      '{{{serviceName}}}',
      '{{{x}}}',
      '{{serviceName.length}}',
      '{{status | upper}}',
      '{{__proto__}}',
      '${process.env.HOME}',
      '#{7*7}',
      '<%= 7*7 %>',
      '{% if true %}y{% endif %}',
      '{{=<% %>=}}',
      '[[${7*7}]]',
    ];
    const template = `<div>${literal.join('\n')}\n[{{ serviceName }}] [{{status}}]</div>`;
    const created = await createTemplate({ name: 'Injection', subject: '{{constructor}} {{appName}}', template });
    const { mail } = await sendTest(created.id, { email: 'admin@example.test' });
    const html = mail.html || '';
    for (const text of literal) expect(html).toContain(text);
    expect(html).toContain('[Example Service] [UP]');
    expect(html).not.toContain('49');
    expect(mail.subject).toBe('{{constructor}} Homelab Monitor');
  });

  it('keeps the subject on one line whatever the template says', async () => {
    const created = await createTemplate({
      name: 'Header injection',
      subject: 'Hello {{serviceName}}',
      template: '<p>x</p>',
    });
    // JSON lets a CR/LF through into the stored subject; it must never reach the header as a line break.
    const edited = await admin.patch(`/api/email-templates/${created.id}`, {
      id: created.id,
      subject: 'Hello\r\nBcc: victim@example.test\r\nX-Injected: 1\r\n\r\nbody',
    });
    expect(edited.status).toBe(200);
    const { to, mail } = await sendTest(created.id, { email: 'admin@example.test' });
    expect(to).toEqual(['admin@example.test']);
    expect(mail.subject).toBe('Hello Bcc: victim@example.test X-Injected: 1 body');
    expect(mail.headers.has('x-injected')).toBe(false);
    expect(mail.headers.has('bcc')).toBe(false);
  });

  it('refuses a logo that is not an upload or an http(s) URL', async () => {
    const list = await admin.get<EmailTemplateWire[]>('/api/email-templates');
    for (const logoUrl of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/etc/passwd', '" onerror="x']) {
      const response = await admin.post(`/api/email-templates/${list.body[0]?.id ?? 0}/test`, {
        email: 'admin@example.test',
        logoUrl,
      });
      expect(response.status).toBe(400);
    }
  });

  it('answers 404 for a test of a template that does not exist, and 400 for a bad address', async () => {
    const missing = await admin.post('/api/email-templates/999999/test', { email: 'admin@example.test' });
    expect(missing.status).toBe(404);
    const bad = await admin.post('/api/email-templates/1/test', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
  });
});
