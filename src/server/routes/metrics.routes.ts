import type { AppMetrics } from '../metrics/app-metrics.ts';
import type { App } from './route-context.ts';

/**
 * GET /metrics: every metric in the Prometheus text format, for administrators and API keys with the `metrics`
 * scope. Outside /api, where Prometheus looks by default.
 */
export function metricsRoutes(app: App, metrics: AppMetrics): void {
  app.get('/metrics', { config: { access: 'admin', apiKeyScope: 'metrics' } }, async (_request, reply) => {
    const text = await metrics.render();
    return reply.header('Cache-Control', 'no-store').type(metrics.contentType).send(text);
  });
}
