import {
  createQueryServerBody,
  patchGameServerBody,
  type CreateQueryServerBody,
  type GameServerWire,
  type PatchGameServerBody,
} from '#shared/schemas/game-servers';
import { parseRefreshInterval } from '../services/edit-service-form';

/** What the admin's game-server forms hold while typing (numbers as typed, so they can be blank). */
export interface GameServerFormValues {
  displayName: string;
  hidden: boolean;
  show_player_count: boolean;
  show_status_badge: boolean;
  autoStart: boolean;
  refreshInterval: string;
  name: string;
  type: string;
  host: string;
  port: string;
}

export type GameServerFormErrors = Partial<Record<keyof GameServerFormValues, string>>;

/** The edit form's starting values for one server. */
export function formValuesFor(server: GameServerWire): GameServerFormValues {
  return {
    displayName: server.displayName ?? '',
    hidden: server.hidden,
    show_player_count: server.show_player_count,
    show_status_badge: server.show_status_badge,
    autoStart: server.autoStart,
    refreshInterval: String(server.refreshInterval),
    name: server.name,
    type: server.type,
    host: server.host ?? '',
    port: server.port === null ? '' : String(server.port),
  };
}

/** A typed whole number, or null when it doesn't parse (the schema then names the problem). */
function parsePort(raw: string): number | null {
  return /^\s*\d+\s*$/.test(raw) ? Number(raw.trim()) : null;
}

function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): GameServerFormErrors {
  const errors: GameServerFormErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as keyof GameServerFormValues] = issue.message;
  }
  return errors;
}

type Checked<T> = { body: T; errors: null } | { body: null; errors: GameServerFormErrors };

/**
 * PATCH /api/game-servers/{id}'s body from the form, checked with the shared schema (so the form shows the
 * messages the server would answer). Name, type, host and port go only for query servers: an AMP server's
 * identity is its panel's.
 */
export function toPatchBody(
  server: Pick<GameServerWire, 'provider'>,
  values: GameServerFormValues,
): Checked<PatchGameServerBody> {
  const displayName = values.displayName.trim();
  const body = {
    displayName: displayName === '' ? null : displayName,
    hidden: values.hidden,
    show_player_count: values.show_player_count,
    show_status_badge: values.show_status_badge,
    ...(server.provider === 'amp' ? { autoStart: values.autoStart } : {}),
    refreshInterval: parseRefreshInterval(values.refreshInterval),
    ...(server.provider === 'query'
      ? { name: values.name, type: values.type, host: values.host, port: parsePort(values.port) }
      : {}),
  };
  const parsed = patchGameServerBody.safeParse(body);
  return parsed.success ? { body: parsed.data, errors: null } : { body: null, errors: errorsOf(parsed.error.issues) };
}

/** POST /api/game-servers' body (a query-only server) from the add form, checked with the shared schema. */
export function toCreateBody(
  values: Pick<GameServerFormValues, 'name' | 'type' | 'host' | 'port'>,
): Checked<CreateQueryServerBody> {
  const parsed = createQueryServerBody.safeParse({
    name: values.name,
    type: values.type,
    host: values.host,
    port: parsePort(values.port),
  });
  return parsed.success ? { body: parsed.data, errors: null } : { body: null, errors: errorsOf(parsed.error.issues) };
}
