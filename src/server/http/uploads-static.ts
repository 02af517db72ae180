import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { markServesFiles } from './access-control.ts';

/**
 * Serves stored uploads under /uploads/. Names are server-generated and never reused, so they are cached for
 * a year; nosniff and a sandboxing CSP make sure a file is only ever treated as the image it is.
 */
export async function registerUploadsStatic(app: FastifyInstance, uploadsDir: string): Promise<void> {
  fs.mkdirSync(uploadsDir, { recursive: true });
  // Its own scope, so that only these file routes are marked public files.
  await app.register(async (scope) => {
    scope.addHook('onRoute', markServesFiles);
    await scope.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      // The plugin's own Cache-Control (max-age=0) would overwrite the one setHeaders chooses.
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  });
}
