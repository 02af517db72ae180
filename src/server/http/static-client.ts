import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MSG } from '#shared/messages';
import { markServesFiles } from './access-control.ts';
import { isApiPath } from './api-path.ts';
import { matchesIfNoneMatch, weakEtag } from './entity-tag.ts';

/** Vite's content-hashed output: a changed file gets a new name, so a copy never needs asking about again. */
const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, the manifest, icons): kept, but revalidated before each use. */
const REVALIDATED_CACHE_CONTROL = 'no-cache';
/** Files that scripts/build-precompress.mjs may have written .br and .gz copies of. */
const PRECOMPRESSED_TYPES = new Set(['.js', '.mjs', '.css', '.html', '.json', '.webmanifest', '.txt']);

/**
 * Serves the built client from `clientDir`: hashed assets cached for a year, everything else revalidated, and
 * the build's brotli and gzip copies to browsers that accept them. Unknown non-API GETs get index.html so the
 * client router can show its own pages (including its 404). Unknown API paths, under any spelling, get a JSON 404.
 */
/** Under /assets/, where the build puts every hashed file. */
function isAssetPath(url: string): boolean {
  return url.startsWith('/assets/');
}

export async function registerStaticClient(
  app: FastifyInstance,
  clientDir: string,
  /** Runs before a page is sent (refreshes what the page's CSP header depends on). */
  beforePage: () => Promise<unknown> = () => Promise.resolve(),
): Promise<void> {
  const indexPath = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexPath);
  if (hasClient) {
    const assetsDir = `${path.sep}assets${path.sep}`;
    // Its own scope, so that only these file routes are marked public files.
    await app.register(async (scope) => {
      scope.addHook('onRoute', markServesFiles);
      await scope.register(fastifyStatic, {
        root: clientDir,
        index: false,
        wildcard: false,
        preCompressed: true,
        // The compressed copies are reached through their files' own URLs, never on their own.
        globIgnore: ['**/*.br', '**/*.gz'],
        // Without this, @fastify/send adds its own `Cache-Control: public, max-age=0` after setHeaders has run,
        // replacing the header chosen there (what sent hashed assets out with max-age=0).
        cacheControl: false,
        setHeaders(res, filePath) {
          // filePath is the file sent: a .br or .gz copy stands for the file it was made from.
          const original = filePath.replace(/\.(br|gz)$/, '');
          const isHashedAsset = original.includes(assetsDir);
          res.setHeader('Cache-Control', isHashedAsset ? HASHED_ASSET_CACHE_CONTROL : REVALIDATED_CACHE_CONTROL);
          if (PRECOMPRESSED_TYPES.has(path.extname(original))) res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A hashed file that is not there is one an older deploy had: a 404 (not the page) tells the client that loaded
    // it on demand that it is stale (components/stale-chunk.ts), and no script or style is answered with HTML.
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && !isAssetPath(request.url);
    if (hasClient && isPageRequest) {
      await beforePage();
      // Read at each request (about 1 KB), so a rebuilt client is served without a restart; tagged so that the
      // browser's revalidation costs a 304.
      const page = await fs.promises.readFile(indexPath);
      const etag = weakEtag(page);
      void reply.header('Cache-Control', REVALIDATED_CACHE_CONTROL).header('ETag', etag);
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(page);
    }
    return reply.status(404).send({ message: MSG.notFound });
  });
}
