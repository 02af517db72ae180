import { MEDIA_MSG } from '#shared/schemas/media';
import type { MediaInviteLibraries, MediaInviter } from '../../media/media-server.ts';
import { IntegrationError, redact, type JsonClient, type RawAnswer } from '../http/json-client.ts';
import { plexHttpClient, type PlexCredentials } from './plex-http.ts';
import { xmlElements, xmlTexts } from './plex-xml.ts';
import { plexTvError, plexTvErrors, v1Invitation, v2Invitation } from './plex-tv.schemas.ts';

export interface PlexTvConfig extends PlexCredentials {
  /**
   * PLEX_TV_URL: replaces both `https://plex.tv` and `https://clients.plex.tv` in every call, so tests and
   * air-gapped labs can point plex.tv elsewhere. Unset: the real hosts.
   */
  baseUrl?: string;
}

const SYSTEM = 'plex.tv';
const DEFAULT_TIMEOUT_MS = 10_000;
const PLEX_TV_URL = 'https://plex.tv';
const CLIENTS_PLEX_TV_URL = 'https://clients.plex.tv';
/** v2 answers these when the route is gone or moved: the invitation is sent again through v1. */
const FALLBACK_STATUSES = [404, 405, 410];
/** plex.tv said no to this invitation (the address, the share): its message is for the person asking. */
const REFUSAL_STATUSES = [400, 403, 409, 422];
const READ_STATUSES = [401, ...FALLBACK_STATUSES, ...REFUSAL_STATUSES];
const MAX_MESSAGE_LENGTH = 300;

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * plex.tv's own words in an error answer: v2's JSON `errors[].message` (or `error`), v1's XML
 * `<errors><error>…</error></errors>` or `<Response code status="…"/>`. Null when it gave none.
 */
export function plexTvMessage(body: string): string | null {
  let messages: string[] = [];
  try {
    const json: unknown = JSON.parse(body);
    const errors = plexTvErrors.safeParse(json);
    const single = plexTvError.safeParse(json);
    if (errors.success) messages = errors.data.errors.flatMap((error) => (error.message ? [error.message] : []));
    else if (single.success) messages = [single.data.error];
  } catch {
    messages = xmlTexts(body, 'error');
    if (messages.length === 0) messages = xmlElements(body, 'Response').flatMap((r) => (r.status ? [r.status] : []));
  }
  // One line of plain text: control characters out, length capped.
  const text = messages
    .map((message) => message.trim())
    .filter(Boolean)
    .join('; ')
    .replace(/\p{Cc}+/gu, ' ');
  if (text === '') return null;
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text;
}

/**
 * Invites an e-mail address to the Plex server through plex.tv (integrations.md section 2): the requested
 * libraries are mapped to plex.tv's section ids (from the server's `Section` elements), then the invitation is
 * sent with the v2 shared_servers API, or with v1 when v2 answers 404, 405 or 410. A refused token is an
 * `http_status` 401 with MEDIA_MSG.plexTokenRefused; a refused invitation is `refused` with plex.tv's message.
 * The token never appears in a message.
 */
export class PlexTvInviter implements MediaInviter {
  readonly #token: string;
  /** plex.tv (section ids, v1) and clients.plex.tv (v2): one client each, the same one with PLEX_TV_URL. */
  readonly #site: JsonClient;
  readonly #clients: JsonClient;

  constructor(config: PlexTvConfig, options: { timeoutMs?: number } = {}) {
    if (!config.token) throw new IntegrationError(SYSTEM, 'not_configured', 'plex.tv: no Plex token is configured');
    this.#token = config.token;
    const client = (baseUrl: string) =>
      plexHttpClient(SYSTEM, baseUrl, config, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const override = config.baseUrl?.trim();
    this.#site = client(override || PLEX_TV_URL);
    this.#clients = override ? this.#site : client(CLIENTS_PLEX_TV_URL);
  }

  async close(): Promise<void> {
    await Promise.all([...new Set([this.#site, this.#clients])].map((client) => client.close()));
  }

  async invite(request: { email: string; machineId: string; libraries: MediaInviteLibraries }): Promise<void> {
    const { email, machineId } = request;
    const sectionIds = await this.#sectionIds(machineId, request.libraries);
    const v2 = await this.#clients.requestText(
      {
        method: 'POST',
        path: '/api/v2/shared_servers',
        body: v2Invitation(machineId, sectionIds, email),
        accept: 'application/json',
      },
      READ_STATUSES,
    );
    if (isSuccess(v2.status)) return;
    if (!FALLBACK_STATUSES.includes(v2.status)) this.#failure(v2, 'the invitation');
    const v1 = await this.#site.requestText(
      {
        method: 'POST',
        path: `/api/servers/${encodeURIComponent(machineId)}/shared_servers`,
        body: v1Invitation(machineId, sectionIds, email),
        accept: 'application/xml',
      },
      READ_STATUSES,
    );
    if (isSuccess(v1.status)) return;
    this.#failure(v1, 'the invitation');
  }

  /** plex.tv's ids of the requested libraries, read from the server's `Section` elements. */
  async #sectionIds(machineId: string, libraries: MediaInviteLibraries): Promise<number[]> {
    const answer = await this.#site.requestText(
      { path: `/api/servers/${encodeURIComponent(machineId)}`, accept: 'application/xml' },
      READ_STATUSES,
    );
    if (!isSuccess(answer.status)) this.#failure(answer, 'the server lookup');
    const sections = xmlElements(answer.body, 'Section').flatMap((section) => {
      const id = Number(section.id);
      return Number.isSafeInteger(id) && id > 0 ? [{ id, key: section.key ?? '', title: section.title ?? '' }] : [];
    });
    if (libraries.all) return sections.map((section) => section.id);
    const ids = libraries.keysOrTitles.map((wanted) => {
      const name = wanted.trim();
      const match =
        sections.find((section) => section.key === name || section.title === name) ??
        sections.find((section) => section.title.toLowerCase() === name.toLowerCase());
      if (!match) {
        throw new IntegrationError(
          SYSTEM,
          'not_configured',
          `plex.tv: the Plex server has no library "${name}" (Settings, invitation libraries)`,
        );
      }
      return match.id;
    });
    return [...new Set(ids)];
  }

  /** Turns an answer outside 2xx into the error the route needs: our token, plex.tv's refusal, or plex.tv down. */
  #failure(answer: RawAnswer<string>, what: string): never {
    const { status } = answer;
    if (status === 401) throw new IntegrationError(SYSTEM, 'http_status', MEDIA_MSG.plexTokenRefused, 401);
    const said = plexTvMessage(answer.body);
    const message = redact(said ?? '', [this.#token]);
    if (REFUSAL_STATUSES.includes(status)) {
      throw new IntegrationError(SYSTEM, 'refused', message || `plex.tv refused ${what} (HTTP ${status})`, status);
    }
    const suffix = message ? `: ${message}` : '';
    throw new IntegrationError(SYSTEM, 'http_status', `plex.tv: HTTP ${status} for ${what}${suffix}`, status);
  }
}
