import { patchOwnUserBody } from '#shared/schemas/user';
import { requireAuth } from '../http/access.ts';
import { presentUser } from '../presenters/user.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** The signed-in user's own account. */
export function userRoutes({ app, services }: RouteContext): void {
  app.get('/api/user', { config: { access: 'user' } }, (request) => {
    const auth = requireAuth(request);
    return presentUser(auth.user, auth.requiresPasswordChange);
  });

  app.patch('/api/user', { config: { access: 'user' }, schema: { body: patchOwnUserBody } }, async (request) => {
    const auth = requireAuth(request);
    const user = await services.profile.setServiceOrder(auth.user, request.body.service_order);
    return presentUser(user, auth.requiresPasswordChange);
  });
}
