import { z } from 'zod';
import { messageWire } from '#shared/schemas/common';
import {
  MEDIA_MSG,
  mediaDetailsWire,
  mediaInvitationBody,
  mediaInvitationsWire,
  mediaServerWire,
  mediaSummaryWire,
  myMediaInvitationsWire,
} from '#shared/schemas/media';
import { requireAuth } from '../http/access.ts';
import {
  presentMediaDetails,
  presentMediaInvitation,
  presentMediaServer,
  presentMediaSummary,
} from '../presenters/media.presenter.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import { answerOfType } from '../openapi/route-docs.ts';
import type { RouteContext } from './route-context.ts';

const thumbParams = z.object({ key: z.string().max(64) });

/**
 * The media card (issue 13, SPEC section 7). The paths keep SPEC's `/plex/` whichever back end is active; they are
 * static segments, so `/api/services/:id` never takes them. Readers answer from the last poll.
 */
export function mediaRoutes({ app, services }: RouteContext): void {
  const media = services.media;

  app.get(
    '/api/services/plex/details',
    {
      config: { access: 'approved' },
      schema: {
        summary: 'The media server: status, libraries and (admins) the active streams',
        response: { 200: mediaDetailsWire },
      },
    },
    async (request) => {
      const viewer = requireAuth(request).user;
      return presentMediaDetails(await media.status(), media.seesStreams(viewer));
    },
  );

  app.get(
    '/api/services/plex/server',
    {
      config: { access: 'approved' },
      schema: { summary: 'Which media server is active, its name and version', response: { 200: mediaServerWire } },
    },
    async () => presentMediaServer(await media.status()),
  );

  app.get(
    '/api/services/plex/summary',
    {
      config: { access: 'approved', apiKeyScope: 'read' },
      schema: { summary: 'Streams playing and paused, items in the libraries', response: { 200: mediaSummaryWire } },
    },
    async () => presentMediaSummary(await media.status()),
  );

  app.get(
    '/api/services/plex/invitations/mine',
    {
      config: { access: 'approved' },
      schema: { summary: 'Your invitations to the media server', response: { 200: myMediaInvitationsWire } },
    },
    async (request) =>
      (await media.listMine(requireAuth(request).user)).map((invitation) => presentMediaInvitation(invitation, false)),
  );

  app.get(
    '/api/services/plex/invitations',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'Every invitation to the media server', response: { 200: mediaInvitationsWire } },
    },
    async () => (await media.listAll()).map((invitation) => presentMediaInvitation(invitation, true)),
  );

  app.post(
    '/api/services/plex/account',
    {
      config: { access: 'approved' },
      schema: {
        summary: 'Invite an e-mail address to the media server',
        body: mediaInvitationBody,
        response: { 200: messageWire },
      },
    },
    async (request) => {
      await media.invite(requireAuth(request).user, request.body.email);
      return presentMessage(MEDIA_MSG.invitationSent);
    },
  );

  // Admins only: thumbnails belong to the stream details, which only admins see (SPEC section 6).
  app.get(
    '/api/services/plex/thumbs/:key',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: {
        summary: "A stream's thumbnail, through this server",
        params: thumbParams,
        response: { 200: answerOfType('image/*', z.string(), 'The image, as the media server sent it') },
      },
    },
    async (request, reply) => {
      const image = await media.thumbnail(request.params.key);
      return reply
        .header('Content-Type', image.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=300')
        .send(image.body);
    },
  );
}
