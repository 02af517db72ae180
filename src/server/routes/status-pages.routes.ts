import { idParams, messageWire } from '#shared/schemas/common';
import {
  createNoteBody,
  createStatusPageBody,
  noteParams,
  publicStatusPageWire,
  slugParams,
  STATUS_PAGE_MSG,
  statusNoteWire,
  statusPageListWire,
  statusPageWire,
  updateNoteBody,
  updateStatusPageBody,
} from '#shared/schemas/status-pages';
import { presentMessage } from '../presenters/message.presenter.ts';
import { presentPublicStatusPage, presentStatusNote, presentStatusPage } from '../presenters/status-page.presenter.ts';
import { AppError } from '../services/app-error.ts';
import { sendPublicAnswer } from '../status-pages/public-reply.ts';
import { TimedAnswers } from '../status-pages/timed-answers.ts';
import { notModified } from '../openapi/route-docs.ts';
import type { RouteContext } from './route-context.ts';

const admin = { access: 'admin', apiKeyScope: 'admin' } as const;
/** How old a public page may be: its states and uptime are rebuilt at most this often per instance. */
export const PUBLIC_PAGE_TTL_MS = 15_000;

/** Public status pages (issue 16): the page by slug for anyone; its settings and notes for admins. */
export function statusPagesRoutes({ app, services }: RouteContext, now: () => number): void {
  const answers = new TimedAnswers(PUBLIC_PAGE_TTL_MS, now);
  services.statusPages.onChange(() => answers.invalidate());
  services.catalog.onChange(() => answers.invalidate());

  // The slug is matched by its pattern, so `/api/status-pages/` (an empty slug) is no public page but a 404.
  app.get(
    '/api/status-pages/:slug([a-z0-9-]+)',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A public status page: names, states, uptime and notes, nothing else',
        params: slugParams,
        response: { 200: publicStatusPageWire, 304: notModified },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const answer = await answers.get(slug, async () => {
        const page = await services.statusPages.publicPage(slug);
        if (!page) return null;
        return { body: JSON.stringify(presentPublicStatusPage(page)), type: 'application/json; charset=utf-8' };
      });
      if (!answer) throw new AppError('not_found', STATUS_PAGE_MSG.notFound);
      // Shared caches may keep it as long as this instance does; browsers revalidate (a 304) so that an admin sees
      // a change at once.
      return sendPublicAnswer(request, reply, answer, `public, max-age=0, s-maxage=${answers.maxAgeSeconds}`);
    },
  );

  app.get(
    '/api/status-pages',
    { config: admin, schema: { summary: 'Every status page', response: { 200: statusPageListWire } } },
    async () => (await services.statusPages.list()).map(presentStatusPage),
  );

  app.post(
    '/api/status-pages',
    {
      config: admin,
      schema: { summary: 'Add a status page', body: createStatusPageBody, response: { 201: statusPageWire } },
    },
    async (request, reply) =>
      reply.status(201).send(presentStatusPage(await services.statusPages.create(request.body))),
  );

  app.patch(
    '/api/status-pages/:id',
    {
      config: admin,
      schema: {
        summary: 'Change a status page',
        params: idParams,
        body: updateStatusPageBody,
        response: { 200: statusPageWire },
      },
    },
    async (request) => presentStatusPage(await services.statusPages.update(request.params.id, request.body)),
  );

  app.delete(
    '/api/status-pages/:id',
    { config: admin, schema: { summary: 'Delete a status page', params: idParams, response: { 200: messageWire } } },
    async (request) => {
      await services.statusPages.delete(request.params.id);
      return presentMessage(STATUS_PAGE_MSG.deleted);
    },
  );

  app.post(
    '/api/status-pages/:id/notes',
    {
      config: admin,
      schema: {
        summary: 'Add an incident note to a status page',
        params: idParams,
        body: createNoteBody,
        response: { 201: statusNoteWire },
      },
    },
    async (request, reply) =>
      reply.status(201).send(presentStatusNote(await services.statusPages.addNote(request.params.id, request.body))),
  );

  app.patch(
    '/api/status-pages/:id/notes/:noteId',
    {
      config: admin,
      schema: {
        summary: 'Change an incident note',
        params: noteParams,
        body: updateNoteBody,
        response: { 200: statusNoteWire },
      },
    },
    async (request) =>
      presentStatusNote(await services.statusPages.updateNote(request.params.id, request.params.noteId, request.body)),
  );

  app.delete(
    '/api/status-pages/:id/notes/:noteId',
    {
      config: admin,
      schema: { summary: 'Delete an incident note', params: noteParams, response: { 200: messageWire } },
    },
    async (request) => {
      await services.statusPages.deleteNote(request.params.id, request.params.noteId);
      return presentMessage(STATUS_PAGE_MSG.noteDeleted);
    },
  );
}
