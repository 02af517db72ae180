import type { IntegrationError, IntegrationErrorKind } from './json-client.ts';

/** Where the details of a failure are: people below admin are pointed there instead of being given them. */
const DETAILS = 'An administrator can see the details in the log.';

/** The game-server panel (AMP) as people below admin read of it. */
export const GAME_PANEL = 'The game server panel';
/** The media server (Plex or Jellyfin, and plex.tv for invitations) as people below admin read of it. */
export const MEDIA_SERVER = 'The media server';

const PLAIN_TEXT: Record<IntegrationErrorKind, (system: string) => string> = {
  not_configured: (system) => `${system} is not configured. ${DETAILS}`,
  timeout: (system) => `${system} did not answer in time. ${DETAILS}`,
  unreachable: (system) => `${system} could not be reached. ${DETAILS}`,
  http_status: (system) => `${system} answered with an error. ${DETAILS}`,
  bad_response: (system) => `${system} answered with an error. ${DETAILS}`,
  refused: (system) => `${system} refused the request. ${DETAILS}`,
};

/**
 * The text a person below admin reads when an outside system failed; `system` names it as people do ("The game
 * server panel"), never by its address. An IntegrationError's own message is for
 * administrators and the log: it names the address it could not reach ("AMP: cannot reach http://10.0.0.5:8080"),
 * the address guard's refusal, or the panel's own words, which may name internal hosts. This one says only which
 * kind of failure it was, so it never carries an address whatever the system answered (issue 26).
 */
export function plainFailure(system: string, error: Pick<IntegrationError, 'kind'>): string {
  return PLAIN_TEXT[error.kind](system);
}
