import { GAME_MSG } from '#shared/messages';
import { isAdminRole } from '#shared/permissions';
import { z } from 'zod';
import { idParams, messageWire } from '#shared/schemas/common';
import {
  createQueryServerBody,
  gameQueryTypeWire,
  gameServerAuditWire,
  gameServerRequestWire,
  gameServerWire,
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
import { notModified } from '../openapi/route-docs.ts';
import type { RouteContext } from './route-context.ts';

/** Game servers (issue 12): the list and actions for approved users; requests; admins' tools. */
export function gameServersRoutes({ app, services }: RouteContext): void {
  const game = services.gameServers;
  const viewFor = async (user: User): Promise<GameServerViewContext> => ({
    isAdmin: isAdminRole(user.role),
    gameHost: await services.gameHost(),
    canControl: (server) => game.canControl(server),
  });

  app.get(
    '/api/game-servers',
    {
      config: { access: 'approved', apiKeyScope: 'read' },
      schema: {
        summary: 'The game servers you may see, with state and players',
        response: { 200: z.array(gameServerWire), 304: notModified },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const view = await viewFor(user);
      return (await game.listFor(user)).map((server) => presentGameServer(server, view));
    },
  );

  app.post(
    '/api/game-servers/:instanceId/:action',
    {
      config: { access: 'approved' },
      schema: {
        summary: 'Start, stop or restart a game server',
        params: gameServerActionParams,
        response: { 200: messageWire },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return presentMessage(await game.act(user, request.params.instanceId, request.params.action));
    },
  );

  app.post(
    '/api/game-servers/request',
    {
      config: { access: 'approved' },
      schema: {
        summary: 'Ask the admins for a new game server',
        body: gameServerRequestBody,
        response: { 200: messageWire },
      },
    },
    async (request) => {
      await services.gameServerRequests.submit(requireAuth(request).user, request.body.game);
      return presentMessage(GAME_MSG.requestStored);
    },
  );

  app.get(
    '/api/game-servers/requests',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'Requests for new game servers', response: { 200: z.array(gameServerRequestWire) } },
    },
    async () => (await services.gameServerRequests.list()).map(presentGameServerRequest),
  );

  app.patch(
    '/api/game-servers/requests/:id',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: {
        summary: 'Mark a game server request done or open',
        params: idParams,
        body: patchGameServerRequestBody,
        response: { 200: gameServerRequestWire },
      },
    },
    async (request) =>
      presentGameServerRequest(await services.gameServerRequests.setDone(request.params.id, request.body.done)),
  );

  app.get(
    '/api/game-servers/actions',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'Who started and stopped which game server', response: { 200: z.array(gameServerAuditWire) } },
    },
    async () => (await game.audit()).map(presentGameServerAudit),
  );

  app.get(
    '/api/game-servers/query-types',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'The games a query server can be', response: { 200: z.array(gameQueryTypeWire) } },
    },
    async () => (await services.gameQueryTypes()).map(presentGameQueryType),
  );

  app.post(
    '/api/game-servers',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: {
        summary: 'Add a game server watched by its query protocol',
        body: createQueryServerBody,
        response: { 201: gameServerWire },
      },
    },
    async (request, reply) => {
      const server = await game.addQueryServer(request.body);
      return reply.status(201).send(presentGameServer(server, await viewFor(requireAuth(request).user)));
    },
  );

  app.patch(
    '/api/game-servers/:id',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: {
        summary: "Change a game server's admin fields",
        params: idParams,
        body: patchGameServerBody,
        response: { 200: gameServerWire },
      },
    },
    async (request) => {
      const server = await game.update(request.params.id, request.body);
      return presentGameServer(server, await viewFor(requireAuth(request).user));
    },
  );

  app.delete(
    '/api/game-servers/:id',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'Delete a query game server', params: idParams, response: { 200: messageWire } },
    },
    async (request) => {
      await game.delete(request.params.id);
      return presentMessage(GAME_MSG.deleted);
    },
  );
}
