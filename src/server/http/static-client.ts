import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MSG } from '#shared/messages';
import { markServesFiles } from './access-control.ts';
import { isApiPath } from './api-path.ts';

/**
 * Serves the built client from `clientDir`: hashed assets cached for a year, everything else revalidated.
 * Unknown non-API GETs get index.html so the client router can show its own pages (including its 404).
 * Unknown API paths, under any spelling, get a JSON 404.
 */
export async function registerStaticClient(
  app: FastifyInstance,
  clientDir: string,
  /** Runs before a page is sent (refreshes what the page's CSP header depends on). */
  beforePage: () => Promise<unknown> = () => Promise.resolve(),
): Promise<void> {
  const indexPath = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexPath);
  if (hasClient) {
    // Its own scope, so that only these file routes are marked public files.
    await app.register(async (scope) => {
      scope.addHook('onRoute', markServesFiles);
      await scope.register(fastifyStatic, {
        root: clientDir,
        index: false,
        wildcard: false,
        // The plugin's own Cache-Control (max-age=0) would overwrite the one setHeaders chooses.
        cacheControl: false,
        setHeaders(res, filePath) {
          const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (hasClient && isPageRequest) {
      await beforePage();
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(indexPath));
    }
    return reply.status(404).send({ message: MSG.notFound });
  });
}
