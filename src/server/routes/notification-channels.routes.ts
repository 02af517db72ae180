import { z } from 'zod';
import { idParams, messageWire } from '#shared/schemas/common';
import {
  CHANNEL_MSG,
  channelWire,
  createChannelBody,
  patchChannelBody,
  subscriptionWire,
  upsertSubscriptionBody,
} from '#shared/schemas/notification-channels';
import { requireAuth } from '../http/access.ts';
import { presentChannel } from '../presenters/notification-channel.presenter.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import type { RouteContext } from './route-context.ts';

/**
 * The caller's own alert channels and subscriptions to game servers and the media server (issue 16). Approved
 * users only, each seeing and changing only their own; no API-key scope (channels belong to a person).
 */
export function notificationChannelsRoutes({ app, services }: RouteContext): void {
  const approved = { access: 'approved' } as const;

  app.get(
    '/api/notification-channels',
    {
      config: approved,
      schema: { summary: 'Your alert channels (secrets only as set or not)', response: { 200: z.array(channelWire) } },
    },
    async (request) => (await services.notificationChannels.list(requireAuth(request).user)).map(presentChannel),
  );

  app.post(
    '/api/notification-channels',
    {
      config: approved,
      schema: {
        summary: 'Add an alert channel: webhook, ntfy, Gotify, Discord, Slack or Telegram',
        body: createChannelBody,
        response: { 201: channelWire },
      },
    },
    async (request, reply) => {
      const created = await services.notificationChannels.create(requireAuth(request).user, request.body);
      return reply.status(201).send(presentChannel(created));
    },
  );

  app.patch(
    '/api/notification-channels/:id',
    {
      config: approved,
      schema: {
        summary: 'Change one of your alert channels (secrets kept unless given)',
        params: idParams,
        body: patchChannelBody,
        response: { 200: channelWire },
      },
    },
    async (request) =>
      presentChannel(
        await services.notificationChannels.update(requireAuth(request).user, request.params.id, request.body),
      ),
  );

  app.delete(
    '/api/notification-channels/:id',
    {
      config: approved,
      schema: { summary: 'Delete one of your alert channels', params: idParams, response: { 200: messageWire } },
    },
    async (request) => {
      await services.notificationChannels.delete(requireAuth(request).user, request.params.id);
      return presentMessage(CHANNEL_MSG.deleted);
    },
  );

  app.post(
    '/api/notification-channels/:id/test',
    {
      config: approved,
      schema: {
        summary: 'Send a test alert through one of your channels',
        params: idParams,
        response: { 200: messageWire },
      },
    },
    async (request) => {
      await services.notificationChannels.sendTest(requireAuth(request).user, request.params.id);
      return presentMessage(CHANNEL_MSG.testSent);
    },
  );

  app.get(
    '/api/notification-subscriptions',
    {
      config: approved,
      schema: {
        summary: 'The game servers and media server you may follow, and whether you do',
        response: { 200: z.array(subscriptionWire) },
      },
    },
    async (request) => services.alertSubscriptions.list(requireAuth(request).user),
  );

  app.post(
    '/api/notification-subscriptions',
    {
      config: approved,
      schema: {
        summary: 'Follow or stop following a game server or the media server',
        body: upsertSubscriptionBody,
        response: { 200: subscriptionWire },
      },
    },
    async (request) => services.alertSubscriptions.upsert(requireAuth(request).user, request.body),
  );
}
