import { z } from 'zod';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import { answerOfType } from '../openapi/route-docs.ts';
import type { App } from './route-context.ts';

/**
 * GET /metrics: every metric in the Prometheus text format, for administrators and API keys with the `metrics`
 * scope. Outside /api, where Prometheus looks by default.
 */
export function metricsRoutes(app: App, metrics: AppMetrics): void {
  app.get(
    '/metrics',
    {
      config: { access: 'admin', apiKeyScope: 'metrics' },
      schema: {
        summary: 'Every metric, in the Prometheus text format',
        response: { 200: answerOfType('text/plain', z.string(), 'Prometheus exposition format 0.0.4') },
      },
    },
    async (_request, reply) => {
      const text = await metrics.render();
      return reply.header('Cache-Control', 'no-store').type(metrics.contentType).send(text);
    },
  );
}
