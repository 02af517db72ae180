import { idParams } from '#shared/schemas/common';
import {
  createEmailTemplateBody,
  EMAIL_TEMPLATE_MSG,
  testEmailTemplateBody,
  updateEmailTemplateBody,
} from '#shared/schemas/email-templates';
import { TEST_MAIL_MSG } from '#shared/schemas/notifications';
import { requireAuth } from '../http/access.ts';
import { presentEmailTemplate } from '../presenters/email-template.presenter.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** E-mail templates: administrators only (SPEC section 6, DESIGN "Roles and visibility"). */
export function emailTemplatesRoutes({ app, services }: RouteContext): void {
  app.get('/api/email-templates', { config: { access: 'admin', apiKeyScope: 'admin' } }, async () =>
    (await services.emailTemplates.list()).map(presentEmailTemplate),
  );

  app.post(
    '/api/email-templates',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { body: createEmailTemplateBody } },
    async (request, reply) => {
      const template = await services.emailTemplates.create(request.body);
      return reply.status(201).send(presentEmailTemplate(template));
    },
  );

  app.patch(
    '/api/email-templates/:id',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { params: idParams, body: updateEmailTemplateBody } },
    async (request) => presentEmailTemplate(await services.emailTemplates.update(request.params.id, request.body)),
  );

  app.delete(
    '/api/email-templates/:id',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { params: idParams } },
    async (request) => {
      await services.emailTemplates.delete(request.params.id);
      return presentMessage(EMAIL_TEMPLATE_MSG.deleted);
    },
  );

  app.post(
    '/api/email-templates/:id/test',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { params: idParams, body: testEmailTemplateBody } },
    async (request) => {
      const actor = requireAuth(request).user;
      await services.emailTemplates.sendTest(actor.id, request.params.id, request.body);
      return presentMessage(TEST_MAIL_MSG.sent);
    },
  );
}
