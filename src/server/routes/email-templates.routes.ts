import { z } from 'zod';
import { idParams, messageWire } from '#shared/schemas/common';
import {
  createEmailTemplateBody,
  EMAIL_TEMPLATE_MSG,
  emailTemplateWire,
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
  app.get(
    '/api/email-templates',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'Every e-mail template', response: { 200: z.array(emailTemplateWire) } },
    },
    async () => (await services.emailTemplates.list()).map(presentEmailTemplate),
  );

  app.post(
    '/api/email-templates',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: {
        summary: 'Add an e-mail template',
        body: createEmailTemplateBody,
        response: { 201: emailTemplateWire },
      },
    },
    async (request, reply) => {
      const template = await services.emailTemplates.create(request.body);
      return reply.status(201).send(presentEmailTemplate(template));
    },
  );

  app.patch(
    '/api/email-templates/:id',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: {
        summary: 'Change an e-mail template (or make it the default)',
        params: idParams,
        body: updateEmailTemplateBody,
        response: { 200: emailTemplateWire },
      },
    },
    async (request) => presentEmailTemplate(await services.emailTemplates.update(request.params.id, request.body)),
  );

  app.delete(
    '/api/email-templates/:id',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'Delete an e-mail template', params: idParams, response: { 200: messageWire } },
    },
    async (request) => {
      await services.emailTemplates.delete(request.params.id);
      return presentMessage(EMAIL_TEMPLATE_MSG.deleted);
    },
  );

  app.post(
    '/api/email-templates/:id/test',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: {
        summary: 'Send a test e-mail with a template',
        params: idParams,
        body: testEmailTemplateBody,
        response: { 200: messageWire },
      },
    },
    async (request) => {
      const actor = requireAuth(request).user;
      await services.emailTemplates.sendTest(actor.id, request.params.id, request.body);
      return presentMessage(TEST_MAIL_MSG.sent);
    },
  );
}
