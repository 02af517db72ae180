import { z } from 'zod';
import { idParams } from '#shared/schemas/common';
import {
  badgeFlagBody,
  badgeParams,
  badgeQuery,
  publicBadgesWire,
  STATUS_PAGE_MSG,
} from '#shared/schemas/status-pages';
import { AppError } from '../services/app-error.ts';
import { sendPublicAnswer } from '../status-pages/public-reply.ts';
import { TimedAnswers } from '../status-pages/timed-answers.ts';
import { answerOfType, notModified } from '../openapi/route-docs.ts';

const svgBadge = answerOfType('image/svg+xml', z.string(), 'The badge, an SVG image without script');
import type { RouteContext } from './route-context.ts';

const SVG = 'image/svg+xml; charset=utf-8';
/** Badges are rebuilt at most this often per service, period and instance; caches may keep them as long. */
export const BADGE_TTL_MS = 60_000;

/**
 * Uptime and status badges (SVG) of the services an admin marked public, for anyone; the marks for admins. An id
 * that is not public, unknown or not even a number answers the same 404.
 */
export function badgesRoutes({ app, services }: RouteContext, now: () => number): void {
  const answers = new TimedAnswers(BADGE_TTL_MS, now);
  services.statusPages.onChange(() => answers.invalidate());
  services.catalog.onChange(() => answers.invalidate());
  const notFound = () => new AppError('not_found', STATUS_PAGE_MSG.badgeNotFound);

  app.get(
    '/api/badge/:serviceId/status',
    {
      config: { access: 'public' },
      schema: {
        summary: "A service's status as an SVG badge (services marked public only)",
        params: badgeParams,
        response: { 200: svgBadge, 304: notModified },
      },
    },
    async (request, reply) => {
      const { serviceId } = request.params;
      const answer = await answers.get(`status:${serviceId}`, async () => {
        const svg = await services.badges.status(serviceId);
        return svg === null ? null : { body: svg, type: SVG };
      });
      if (!answer) throw notFound();
      return sendPublicAnswer(request, reply, answer, `public, max-age=${answers.maxAgeSeconds}`);
    },
  );

  app.get(
    '/api/badge/:serviceId/uptime',
    {
      config: { access: 'public' },
      schema: {
        summary: "A service's uptime over a period as an SVG badge (services marked public only)",
        params: badgeParams,
        querystring: badgeQuery,
        response: { 200: svgBadge, 304: notModified },
      },
    },
    async (request, reply) => {
      const { serviceId } = request.params;
      const { period } = request.query;
      const answer = await answers.get(`uptime:${serviceId}:${period}`, async () => {
        const svg = await services.badges.uptimeBadge(serviceId, period);
        return svg === null ? null : { body: svg, type: SVG };
      });
      if (!answer) throw notFound();
      return sendPublicAnswer(request, reply, answer, `public, max-age=${answers.maxAgeSeconds}`);
    },
  );

  app.get(
    '/api/badges',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'The services whose badges are public', response: { 200: publicBadgesWire } },
    },
    async () => ({
      serviceIds: await services.statusPages.publicBadges(),
    }),
  );

  app.put(
    '/api/badges/:id',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: {
        summary: "Make a service's badges public or not",
        params: idParams,
        body: badgeFlagBody,
        response: { 200: publicBadgesWire },
      },
    },
    async (request) => {
      await services.statusPages.setPublicBadge(request.params.id, request.body.public);
      return { serviceIds: await services.statusPages.publicBadges() };
    },
  );
}
