import { z } from 'zod';
import { DatabaseReadiness, type Readiness } from '../db/readiness.ts';
import type { RouteContext } from './route-context.ts';

const alive = z.object({ status: z.literal('ok') });
const ready = z.object({ status: z.literal('ready'), leader: z.boolean() });
const notReady = z.object({ status: z.literal('not ready'), reason: z.string() });

/**
 * Probes for Docker, Kubernetes and uptime monitors: public, outside /api, never cached (access control answers
 * them `no-store`) and not rate limited. They are polled every few seconds for as long as the server runs, so a
 * request to them is logged at warn and above only, and readiness is logged when it changes, not per poll.
 */
export function healthRoutes({ app, services }: RouteContext, readiness: DatabaseReadiness): void {
  // `probe`: no session lookup either (access-control.ts), so a signed-in browser's cookie costs no database call.
  const probe = { config: { access: 'public' as const, probe: true }, logLevel: 'warn' as const };

  // Alive: the process answers HTTP. No database call, so a slow database never gets a healthy process restarted;
  // nor does a full disk (readiness says so): a restart frees no space and would lose the check results the monitor
  // holds in memory until it can write them (docs/decisions/0022-full-disk.md).
  app.get(
    '/healthz',
    { ...probe, schema: { summary: 'Alive: the process answers (no database call)', response: { 200: alive } } },
    () => ({ status: 'ok' as const }),
  );

  let wasReady: boolean | null = null;
  const remember = (result: Readiness) => {
    if (result.ready === wasReady) return;
    wasReady = result.ready;
    if (result.ready) app.log.info('ready: the database answers and its schema is current');
    else app.log.warn({ err: result.error, reason: result.reason }, 'not ready');
  };

  // Ready: the database answers and is migrated; `leader` tells whether this instance runs the monitor and the
  // leader-only jobs (services/leadership.ts).
  app.get(
    '/readyz',
    {
      ...probe,
      schema: {
        summary: 'Ready: the database answers and its schema is current; whether this instance leads',
        response: { 200: ready, 503: notReady },
      },
    },
    async (_request, reply) => {
      const result = await readiness.check();
      remember(result);
      if (!result.ready) return reply.status(503).send({ status: 'not ready' as const, reason: result.reason });
      return { status: 'ready' as const, leader: services.leadership.leading };
    },
  );
}
