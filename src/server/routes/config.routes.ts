import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { configImportQuery, configImportWire, CONFIG_MSG, MAX_CONFIG_BYTES } from '#shared/schemas/config-transfer';
import { settingsCaller } from '../http/access.ts';
import { AppError } from '../services/app-error.ts';
import { answerOfType } from '../openapi/route-docs.ts';
import type { RouteContext } from './route-context.ts';

const yamlDocument = z
  .string()
  .meta({ description: 'The configuration as YAML (`version: 2`; `version: 1` files still import)' });

/** The media types a configuration document may be sent as (text/plain has Fastify's own parser). */
const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml'];

/** Configuration as code (issue 15): export and import of the whole configuration as YAML, administrators only. */
export async function configRoutes({ app, services }: RouteContext): Promise<void> {
  // A scope of its own, so YAML bodies are accepted by these routes only.
  await app.register((plugin, _options, done) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(YAML_TYPES, { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });

    scope.get(
      '/api/config/export',
      {
        config: { access: 'admin', apiKeyScope: 'admin' },
        schema: {
          summary: 'The whole configuration as one YAML document, without secrets',
          response: { 200: answerOfType('application/yaml', yamlDocument, 'The configuration, as a download') },
        },
      },
      async (_request, reply) => {
        const yaml = await services.configTransfer.exportYaml();
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('Content-Type', 'application/yaml; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="homelab-config-${day}.yaml"`)
          .send(yaml);
      },
    );

    scope.post(
      '/api/config/import',
      {
        config: { access: 'admin', apiKeyScope: 'admin' },
        bodyLimit: MAX_CONFIG_BYTES,
        schema: {
          summary: 'Check a YAML configuration and show what it would change; apply it unless dryRun',
          querystring: configImportQuery,
          requestContent: { 'application/yaml': yamlDocument },
          response: { 200: configImportWire },
        },
      },
      async (request) => {
        if (typeof request.body !== 'string') throw new AppError('unsupported', CONFIG_MSG.notYaml);
        const result = await services.configTransfer.import(
          request.body,
          { dryRun: request.query.dryRun ?? true, removeMissing: request.query.removeMissing ?? false },
          settingsCaller(request),
        );
        return configImportWire.parse(result);
      },
    );
    done();
  });
}
