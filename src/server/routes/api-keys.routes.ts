import { z } from 'zod';
import { API_KEY_MSG, apiKeyWire, createApiKeyBody, createdApiKeyWire } from '#shared/schemas/api-keys';
import { idParams, messageWire } from '#shared/schemas/common';
import { requireAuth } from '../http/access.ts';
import { presentApiKey } from '../presenters/api-key.presenter.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import type { RouteContext } from './route-context.ts';

/**
 * API keys (issue 15): administrators manage them from a signed-in browser only. No apiKeyScope: a key can never
 * list, mint or revoke keys, so a leaked key cannot make itself a successor.
 */
export function apiKeysRoutes({ app, services }: RouteContext): void {
  app.get(
    '/api/api-keys',
    {
      config: { access: 'admin' },
      schema: { summary: 'Every API key (never the key itself)', response: { 200: z.array(apiKeyWire) } },
    },
    async () => (await services.apiKeys.list()).map(presentApiKey),
  );

  app.post(
    '/api/api-keys',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Make an API key: the answer is the only time the key is shown',
        body: createApiKeyBody,
        response: { 201: createdApiKeyWire },
      },
    },
    async (request, reply) => {
      const created = await services.apiKeys.create(requireAuth(request).user.id, request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/api-keys/:id',
    {
      config: { access: 'admin' },
      schema: { summary: 'Revoke an API key', params: idParams, response: { 200: messageWire } },
    },
    async (request) => {
      await services.apiKeys.revoke(request.params.id);
      return presentMessage(API_KEY_MSG.revoked);
    },
  );
}
