import { GAME_MSG } from '#shared/messages';
import { isAdminRole } from '#shared/permissions';
import { idParams } from '#shared/schemas/common';
import {
  createQueryServerBody,
  gameServerActionParams,
  gameServerRequestBody,
  patchGameServerBody,
  patchGameServerRequestBody,
} from '#shared/schemas/game-servers';
import { requireAuth } from '../http/access.ts';
import {
  presentGameQueryType,
  presentGameServer,
  presentGameServerAudit,
  presentGameServerRequest,
  type GameServerViewContext,
} from '../presenters/game-server.presenter.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import type { User } from '../repositories/users.repository.ts';
import type { RouteContext } from './route-context.ts';

/** Game servers (issue 12): the list and actions for approved users; requests; admins' tools. */
export function gameServersRoutes({ app, services }: RouteContext): void {
  const game = services.gameServers;
  const viewFor = async (user: User): Promise<GameServerViewContext> => ({
    isAdmin: isAdminRole(user.role),
    gameHost: await services.gameHost(),
    canControl: (server) => game.canControl(server),
  });

  app.get('/api/game-servers', { config: { access: 'approved', apiKeyScope: 'read' } }, async (request) => {
    const { user } = requireAuth(request);
    const view = await viewFor(user);
    return (await game.listFor(user)).map((server) => presentGameServer(server, view));
  });

  app.post(
    '/api/game-servers/:instanceId/:action',
    { config: { access: 'approved' }, schema: { params: gameServerActionParams } },
    async (request) => {
      const { user } = requireAuth(request);
      return presentMessage(await game.act(user, request.params.instanceId, request.params.action));
    },
  );

  app.post(
    '/api/game-servers/request',
    { config: { access: 'approved' }, schema: { body: gameServerRequestBody } },
    async (request) => {
      await services.gameServerRequests.submit(requireAuth(request).user, request.body.game);
      return presentMessage(GAME_MSG.requestStored);
    },
  );

  app.get('/api/game-servers/requests', { config: { access: 'admin', apiKeyScope: 'admin' } }, async () =>
    (await services.gameServerRequests.list()).map(presentGameServerRequest),
  );

  app.patch(
    '/api/game-servers/requests/:id',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { params: idParams, body: patchGameServerRequestBody },
    },
    async (request) =>
      presentGameServerRequest(await services.gameServerRequests.setDone(request.params.id, request.body.done)),
  );

  app.get('/api/game-servers/actions', { config: { access: 'admin', apiKeyScope: 'admin' } }, async () =>
    (await game.audit()).map(presentGameServerAudit),
  );

  app.get('/api/game-servers/query-types', { config: { access: 'admin', apiKeyScope: 'admin' } }, async () =>
    (await services.gameQueryTypes()).map(presentGameQueryType),
  );

  app.post(
    '/api/game-servers',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { body: createQueryServerBody } },
    async (request, reply) => {
      const server = await game.addQueryServer(request.body);
      return reply.status(201).send(presentGameServer(server, await viewFor(requireAuth(request).user)));
    },
  );

  app.patch(
    '/api/game-servers/:id',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { params: idParams, body: patchGameServerBody } },
    async (request) => {
      const server = await game.update(request.params.id, request.body);
      return presentGameServer(server, await viewFor(requireAuth(request).user));
    },
  );

  app.delete(
    '/api/game-servers/:id',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { params: idParams } },
    async (request) => {
      await game.delete(request.params.id);
      return presentMessage(GAME_MSG.deleted);
    },
  );
}
