import type { z } from 'zod';
import { messageWire } from '#shared/schemas/common';
import {
  ampSettingsWire,
  jellyfinSettingsWire,
  patchAmpSettingsBody,
  patchJellyfinSettingsBody,
  patchPlexSettingsBody,
  plexSettingsWire,
  testAmpSettingsBody,
  testJellyfinSettingsBody,
  testPlexSettingsBody,
} from '#shared/schemas/integrations';
import type { IntegrationField } from '../integrations/settings/integration-descriptor.ts';
import type { IntegrationView } from '../integrations/settings/integration-settings.ts';
import { presentIntegrationSettings } from '../presenters/integration-settings.presenter.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import type { App, RouteContext } from './route-context.ts';

/** What the routes use of an IntegrationSettings (whatever its client config type). */
interface SettingsEndpoint<F extends string> {
  readonly fields: Readonly<Record<F, IntegrationField>>;
  view(): Promise<IntegrationView<F>>;
  update(patch: unknown): Promise<IntegrationView<F>>;
  test(patch: unknown): Promise<string>;
}

interface IntegrationRouteSpec<F extends string> {
  /** The route segment and descriptor id, e.g. 'amp'. */
  id: string;
  settings: SettingsEndpoint<F>;
  /** The GET/PATCH answer's contract: the presented settings are checked against it. */
  wire: z.ZodType;
  /** The system's name in the reference. */
  name: string;
  patchBody: z.ZodType;
  testBody: z.ZodType;
}

/** GET, PATCH and POST .../test of one outside system's settings (administrators only). */
function integrationSettingsRoutes<F extends string>(app: App, spec: IntegrationRouteSpec<F>): void {
  const path = `/api/integrations/${spec.id}`;
  const present = (view: IntegrationView<F>) => spec.wire.parse(presentIntegrationSettings(view, spec.settings.fields));

  app.get(
    path,
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: `${spec.name} settings (secrets only as set or not)`, response: { 200: spec.wire } },
    },
    async () => present(await spec.settings.view()),
  );

  app.patch(
    path,
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: `Change ${spec.name} settings`, body: spec.patchBody, response: { 200: spec.wire } },
    },
    async (request) => present(await spec.settings.update(request.body)),
  );

  app.post(
    `${path}/test`,
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: {
        summary: `Try ${spec.name} settings (the saved ones, or these) without saving`,
        body: spec.testBody.optional(),
        response: { 200: messageWire },
      },
    },
    async (request) => presentMessage(await spec.settings.test(request.body ?? {})),
  );
}

/** Settings of outside systems (administrators only): AMP, Plex and Jellyfin; secrets are write-only. */
export function integrationsRoutes({ app, services }: RouteContext): void {
  const { amp, plex, jellyfin } = services.integrations;
  integrationSettingsRoutes(app, {
    id: 'amp',
    name: 'CubeCoders AMP',
    settings: amp,
    wire: ampSettingsWire,
    patchBody: patchAmpSettingsBody,
    testBody: testAmpSettingsBody,
  });
  integrationSettingsRoutes(app, {
    id: 'plex',
    name: 'Plex',
    settings: plex,
    wire: plexSettingsWire,
    patchBody: patchPlexSettingsBody,
    testBody: testPlexSettingsBody,
  });
  integrationSettingsRoutes(app, {
    id: 'jellyfin',
    name: 'Jellyfin',
    settings: jellyfin,
    wire: jellyfinSettingsWire,
    patchBody: patchJellyfinSettingsBody,
    testBody: testJellyfinSettingsBody,
  });
}
