import { USER_ADMIN_MSG } from '#shared/messages';
import { z } from 'zod';
import { idParams, messageWire } from '#shared/schemas/common';
import {
  adminUserUpdateWire,
  adminUserWire,
  loginAttemptWire,
  patchUserBody,
  resetUserPasswordBody,
  resetUserPasswordWire,
} from '#shared/schemas/users-admin';
import { requireAuth } from '../http/access.ts';
import { presentAdminUser, presentAdminUserUpdate } from '../presenters/admin-user.presenter.ts';
import { presentLoginAttempt } from '../presenters/login-attempt.presenter.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** User management and the sign-in log (administrators; deleting users is the superadmin's). */
export function usersRoutes({ app, services }: RouteContext): void {
  app.get(
    '/api/users',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'Every account', response: { 200: z.array(adminUserWire) } },
    },
    async () => {
      return (await services.userAdmin.list()).map(presentAdminUser);
    },
  );

  app.patch(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Approve, enable, change the role or the e-mail of an account',
        params: idParams,
        body: patchUserBody,
        response: { 200: adminUserUpdateWire },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      return presentAdminUserUpdate(await services.userAdmin.update(actor, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/users/:id',
    {
      config: { access: 'superadmin' },
      schema: { summary: 'Delete an account', params: idParams, response: { 200: messageWire } },
    },
    async (request) => {
      await services.userAdmin.delete(requireAuth(request).user, request.params.id);
      return presentMessage(USER_ADMIN_MSG.deleted);
    },
  );

  app.post(
    '/api/admin/reset-user-password',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Reset a user's password: e-mailed, or a temporary password when mail is not set up",
        body: resetUserPasswordBody,
        response: { 200: resetUserPasswordWire },
      },
    },
    async (request) => {
      const result = await services.userAdmin.resetPassword(requireAuth(request).user, request.body.userId);
      return result.tempPassword === undefined
        ? { message: USER_ADMIN_MSG.resetEmailed }
        : { message: USER_ADMIN_MSG.resetGenerated, tempPassword: result.tempPassword };
    },
  );

  app.get(
    '/api/login-attempts',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'The latest sign-in attempts', response: { 200: z.array(loginAttemptWire) } },
    },
    async () => {
      return (await services.loginAttempts.recent()).map(presentLoginAttempt);
    },
  );
}
