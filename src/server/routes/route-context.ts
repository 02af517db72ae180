import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SignInConfig } from '../presenters/settings.presenter.ts';
import type { Services } from '../services/container.ts';

/** Fastify with zod schemas as its type provider. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every route module receives. */
export interface RouteContext {
  app: App;
  services: Services;
  signInConfig: SignInConfig;
}
