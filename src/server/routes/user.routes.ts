import { patchOwnUserBody, userWire } from '#shared/schemas/user';
import { requireAuth } from '../http/access.ts';
import { presentUser } from '../presenters/user.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** The signed-in user's own account: reading it, and changing its card order and display flags. */
export function userRoutes({ app, services }: RouteContext): void {
  app.get(
    '/api/user',
    { config: { access: 'user' }, schema: { summary: 'The signed-in user', response: { 200: userWire } } },
    (request) => {
      const auth = requireAuth(request);
      return presentUser(auth.user, auth.requiresPasswordChange);
    },
  );

  app.patch(
    '/api/user',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Change your card order and display flags',
        body: patchOwnUserBody,
        response: { 200: userWire },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await services.profile.update(auth.user, request.body);
      return presentUser(user, auth.requiresPasswordChange);
    },
  );
}
