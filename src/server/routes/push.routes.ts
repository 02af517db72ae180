import { z } from 'zod';
import { messageWire } from '#shared/schemas/common';
import { AppError } from '../services/app-error.ts';
import { SERVICE_PUSH_TEXT } from '../services/service-push-text.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import type { App, RouteContext } from './route-context.ts';

const pushParams = z.object({ token: z.string().max(200) });
const PUSH_BODY_LIMIT = 64 * 1024;

/**
 * `/api/push/{token}` (issue 16): cron jobs and backup scripts call it when they ran, with GET (curl, wget) or
 * POST (webhooks). Public: the secret token is the credential, so no session or key is read. Rate-limited per
 * address; an unknown token is a 404 like any missing resource.
 */
export function pushRoutes({ app, services }: RouteContext): void {
  // Jobs push with whatever body their tool sends (curl -d is a form, webhooks send JSON or text): the body is
  // never read, so every content type is accepted and dropped, up to a small limit.
  void app.register((scope: App, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PUSH_BODY_LIMIT }, (_request, _body, parsed) =>
      parsed(null, undefined),
    );
    for (const method of ['GET', 'POST'] as const) {
      scope.route({
        method,
        url: '/api/push/:token',
        config: { access: 'public' },
        schema: {
          summary: "A push service's job reports that it ran (any body, ignored)",
          params: pushParams,
          response: { 200: messageWire },
        },
        handler: async (request) => {
          if (!(await services.push.receive(request.params.token, request.ip))) {
            throw new AppError('not_found', SERVICE_PUSH_TEXT.unknownToken);
          }
          return presentMessage(SERVICE_PUSH_TEXT.received);
        },
      });
    }
    done();
  });
}
