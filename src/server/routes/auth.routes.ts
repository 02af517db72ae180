import { z } from 'zod';
import { MSG } from '#shared/messages';
import { messageWire } from '#shared/schemas/common';
import { userWire } from '#shared/schemas/user';
import { changePasswordBody, googleAuthBody, loginBody, registerBody, requestResetBody } from '#shared/schemas/auth';
import { requireAuth } from '../http/access.ts';
import { clearSessionCookie, requestOrigin, setSessionCookie } from '../http/session-cookie.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import { presentUser } from '../presenters/user.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** The reset link's answer: a redirect to the client, no body. */
const redirect = z
  .undefined()
  .describe('Redirect to the client (`/auth`, or `/auth?tab=reset` when the link is spent)');

/** Sign-in, registration, logout, password change and reset. */
export function authRoutes({ app, services }: RouteContext): void {
  app.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in with a username or e-mail and a password',
        body: loginBody,
        response: { 200: userWire },
      },
    },
    async (request, reply) => {
      const signedIn = await services.auth.login(request.body, requestOrigin(request));
      setSessionCookie(request, reply, signedIn.token);
      return presentUser(signedIn.user, signedIn.requiresPasswordChange);
    },
  );

  app.post(
    '/api/register',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Create an account (signed in, pending approval)',
        body: registerBody,
        response: { 201: userWire },
      },
    },
    async (request, reply) => {
      const signedIn = await services.auth.register(request.body, requestOrigin(request));
      setSessionCookie(request, reply, signedIn.token);
      return reply.status(201).send(presentUser(signedIn.user, signedIn.requiresPasswordChange));
    },
  );

  app.post(
    '/api/logout',
    { config: { access: 'user' }, schema: { summary: 'Sign out this session', response: { 200: messageWire } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await services.auth.logout(auth.idHash, auth.user.id);
      clearSessionCookie(request, reply);
      // The service and game-server lists are kept in the browser's cache for revalidation (docs/decisions/0013):
      // a signed-out browser must not keep them on disk.
      void reply.header('clear-site-data', '"cache"');
      return presentMessage('Logged out');
    },
  );

  app.post(
    '/api/change-password',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Change your password (ends every session)',
        body: changePasswordBody,
        response: { 200: messageWire },
      },
    },
    async (request, reply) => {
      // Every session of the user ends, this one too: the client returns to login mode (SPEC section 2).
      await services.auth.changePassword(requireAuth(request).user, request.body.newPassword);
      clearSessionCookie(request, reply);
      return presentMessage(MSG.passwordUpdated);
    },
  );

  app.post(
    '/api/request-reset',
    {
      config: { access: 'public' },
      schema: { summary: 'E-mail a password reset link', body: requestResetBody, response: { 200: messageWire } },
    },
    async (request) => {
      await services.passwordReset.request(request.body.identifier, requestOrigin(request));
      return presentMessage(MSG.resetRequested);
    },
  );

  // The e-mailed one-time link: signs the user in with a forced password change, then opens the client.
  app.get(
    '/api/reset-password/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Open an e-mailed reset link: signs in with a forced password change',
        params: z.object({ token: z.string().max(200) }),
        response: { 303: redirect },
      },
    },
    async (request, reply) => {
      const signedIn = await services.passwordReset.consume(request.params.token, requestOrigin(request));
      void reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store');
      if (!signedIn) return reply.redirect('/auth?tab=reset', 303);
      setSessionCookie(request, reply, signedIn.token);
      return reply.redirect('/auth', 303);
    },
  );

  app.post(
    '/api/auth/google',
    {
      config: { access: 'public' },
      schema: { summary: 'Sign in with a Google ID token', body: googleAuthBody, response: { 200: userWire } },
    },
    async (request, reply) => {
      const signedIn = await services.googleAuth.signIn(request.body.token, requestOrigin(request));
      setSessionCookie(request, reply, signedIn.token);
      return presentUser(signedIn.user, signedIn.requiresPasswordChange);
    },
  );
}
