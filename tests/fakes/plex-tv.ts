import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { closeLocal, listenLocal } from './local-http.ts';

/**
 * A fake plex.tv on 127.0.0.1, written from integrations.md section 2, with the routes of both hosts
 * (plex.tv and clients.plex.tv) on one base URL, as PLEX_TV_URL points both there:
 * - `GET /api/servers/{machineIdentifier}`: XML, the server with its `Section` elements (plex.tv's section ids);
 * - `POST /api/v2/shared_servers` (JSON) and `POST /api/servers/{machineIdentifier}/shared_servers` (v1, XML
 *   answers), each body checked field by field (a wrong shape is a 400 like plex.tv's);
 * - `GET /api/v2/shared_servers/owned/pending`: the invitations sent and not yet accepted.
 * Every route needs the owner's token (401 otherwise) and the X-Plex-Client-Identifier and X-Plex-Product
 * headers (400 otherwise). A refused address answers 422 with plex.tv's message.
 */

export interface FakePlexTvSection {
  /** plex.tv's own id of the section (not the PMS key). */
  id: number;
  key: string;
  title: string;
  type: string;
}

export interface FakePlexTvInvitation {
  route: 'v2' | 'v1';
  machineIdentifier: string;
  body: unknown;
  headers: http.IncomingHttpHeaders;
  /** The status the fake answered. */
  status: number;
}

export interface FakePlexTvPending {
  id: number;
  invitedEmail: string;
  machineIdentifier: string;
  librarySectionIds: number[];
  route: 'v2' | 'v1';
}

type Check = (value: unknown) => boolean;
const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
const isEmail: Check = (value) => typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
const isIdList: Check = (value) =>
  Array.isArray(value) && value.every((id) => typeof id === 'number' && Number.isSafeInteger(id));
const isZeroOne: Check = (value) => value === '0' || value === '1';
const isEmptyString: Check = (value) => value === '';

/** The first field of `value` (an object with exactly `shape`'s keys) that is missing, extra or wrong. */
function wrongField(value: unknown, shape: Record<string, Check | Record<string, Check>>, at = ''): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return at || 'body';
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) if (!(key in shape)) return `${at}${key}`;
  for (const [key, check] of Object.entries(shape)) {
    const field = record[key];
    if (typeof check === 'function') {
      if (!check(field)) return `${at}${key}`;
    } else {
      const wrong = wrongField(field, check, `${at}${key}.`);
      if (wrong) return wrong;
    }
  }
  return null;
}

const V2_SHAPE = {
  machineIdentifier: isString,
  librarySectionIds: isIdList,
  invitedEmail: isEmail,
  skipFriendship: isBoolean,
  settings: {
    allowSync: isBoolean,
    allowChannels: isBoolean,
    allowSubtitleAdmin: isBoolean,
    allowTuners: (value: unknown) => value === 0 || value === 1 || value === 2,
    filterMovies: isString,
    filterMusic: isString,
    filterPhotos: isString,
    filterTelevision: isString,
  },
};

const V1_SHAPE = {
  server_id: isString,
  shared_server: { library_section_ids: isIdList, invited_email: isEmail },
  sharing_settings: {
    allowSync: isZeroOne,
    allowCameraUpload: isZeroOne,
    allowChannels: isZeroOne,
    filterMovies: isEmptyString,
    filterTelevision: isEmptyString,
    filterMusic: isEmptyString,
  },
};

export class FakePlexTv {
  token = `plex-owner-token-${randomUUID()}`;
  /** The owner's servers: machineIdentifier → its sections. */
  readonly servers = new Map<string, FakePlexTvSection[]>();
  /** Addresses plex.tv refuses, with its message. */
  readonly refused = new Map<string, string>();
  /** Answer v2 invitations with this status (410: the route is gone, so clients use v1). */
  v2Status: number | null = null;
  /** Take requests and never answer (a time-out). */
  stall = false;
  readonly invitations: FakePlexTvInvitation[] = [];
  readonly pending: FakePlexTvPending[] = [];
  baseUrl = '';
  readonly #server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => this.#handle(request, Buffer.concat(chunks).toString('utf8'), response));
  });

  /** Adds a server of the account with plex.tv section ids (defaults: Movies, TV Shows, Music). */
  addServer(
    machineIdentifier: string,
    sections: FakePlexTvSection[] = [
      { id: 80001, key: '1', title: 'Movies', type: 'movie' },
      { id: 80002, key: '2', title: 'TV Shows', type: 'show' },
      { id: 80003, key: '3', title: 'Music', type: 'artist' },
    ],
  ): this {
    this.servers.set(machineIdentifier, sections);
    return this;
  }

  async start(): Promise<this> {
    this.baseUrl = await listenLocal(this.#server);
    return this;
  }

  stop(): Promise<void> {
    return closeLocal(this.#server);
  }

  #handle(request: http.IncomingMessage, text: string, response: http.ServerResponse): void {
    if (this.stall) return;
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    const v1Invite = /^\/api\/servers\/([^/]+)\/shared_servers$/.exec(path);
    const serverInfo = /^\/api\/servers\/([^/]+)$/.exec(path);
    const isXmlRoute = request.method === 'GET' ? Boolean(serverInfo) : Boolean(v1Invite);
    const fail = (status: number, message: string, code: number) =>
      isXmlRoute ? xmlError(response, status, message) : jsonError(response, status, message, code);

    if (request.headers['x-plex-token'] !== this.token) {
      // v1 (Rails) answers the classic sign-in error; v2 a JSON error with code 1001.
      fail(
        401,
        isXmlRoute ? 'You must sign in or sign up before continuing.' : 'User could not be authenticated',
        1001,
      );
      return;
    }
    if (!request.headers['x-plex-client-identifier'] || !request.headers['x-plex-product']) {
      fail(400, 'X-Plex-Client-Identifier and X-Plex-Product are required', 1000);
      return;
    }
    if (request.method === 'GET' && serverInfo) {
      this.#serverXml(response, decodeURIComponent(serverInfo[1] ?? ''));
    } else if (request.method === 'POST' && path === '/api/v2/shared_servers') {
      this.#invite('v2', request, text, response);
    } else if (request.method === 'POST' && v1Invite) {
      this.#invite('v1', request, text, response, decodeURIComponent(v1Invite[1] ?? ''));
    } else if (request.method === 'GET' && path === '/api/v2/shared_servers/owned/pending') {
      json(response, 200, this.pending);
    } else {
      fail(404, 'The requested resource or endpoint could not be found', 1002);
    }
  }

  #serverXml(response: http.ServerResponse, machineIdentifier: string): void {
    const sections = this.servers.get(machineIdentifier);
    if (!sections) {
      xmlError(response, 404, 'Server not found');
      return;
    }
    const rows = sections
      .map(
        (section) =>
          `    <Section id="${section.id}" key="${escapeXml(section.key)}" type="${section.type}" ` +
          `title="${escapeXml(section.title)}"/>`,
      )
      .join('\n');
    response.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(
      `<?xml version="1.0" encoding="UTF-8"?>
<MediaContainer friendlyName="myPlex" identifier="com.plexapp.plugins.myplex" size="1">
  <Server name="Homelab Plex" machineIdentifier="${escapeXml(machineIdentifier)}" owned="1">
${rows}
  </Server>
</MediaContainer>
`,
    );
  }

  #invite(
    route: 'v2' | 'v1',
    request: http.IncomingMessage,
    text: string,
    response: http.ServerResponse,
    pathMachineId = '',
  ): void {
    const answer = (status: number, machineIdentifier: string, body: unknown, send: () => void) => {
      this.invitations.push({ route, machineIdentifier, body, headers: request.headers, status });
      send();
    };
    const refuse = (status: number, message: string, body: unknown = null, machineIdentifier = pathMachineId) =>
      answer(status, machineIdentifier, body, () =>
        route === 'v2' ? jsonError(response, status, message, 1000 + status) : xmlErrors(response, status, message),
      );
    if (route === 'v2' && this.v2Status !== null) {
      refuse(this.v2Status, 'This endpoint was deprecated and removed');
      return;
    }
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      refuse(400, 'Content-Type must be application/json');
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      refuse(400, 'The request body is not valid JSON');
      return;
    }
    const wrong = wrongField(body, route === 'v2' ? V2_SHAPE : V1_SHAPE);
    if (wrong) {
      refuse(400, `Invalid parameter: ${wrong}`, body);
      return;
    }
    const fields =
      route === 'v2'
        ? (body as { machineIdentifier: string; librarySectionIds: number[]; invitedEmail: string })
        : (() => {
            const v1 = body as {
              server_id: string;
              shared_server: { library_section_ids: number[]; invited_email: string };
            };
            return {
              machineIdentifier: v1.server_id,
              librarySectionIds: v1.shared_server.library_section_ids,
              invitedEmail: v1.shared_server.invited_email,
            };
          })();
    const sections = this.servers.get(fields.machineIdentifier);
    if (!sections || (route === 'v1' && fields.machineIdentifier !== pathMachineId)) {
      refuse(404, 'Server not found', body, fields.machineIdentifier);
      return;
    }
    if (!fields.librarySectionIds.every((id) => sections.some((section) => section.id === id))) {
      refuse(400, 'Invalid library section id', body, fields.machineIdentifier);
      return;
    }
    const email = fields.invitedEmail.toLowerCase();
    const refusal = this.refused.get(email);
    const alreadyShared = this.pending.some(
      (entry) => entry.invitedEmail.toLowerCase() === email && entry.machineIdentifier === fields.machineIdentifier,
    );
    if (refusal || alreadyShared) {
      refuse(422, refusal ?? 'This server is already shared with this user', body, fields.machineIdentifier);
      return;
    }
    const invitation = { id: this.pending.length + 1, route, ...fields };
    this.pending.push(invitation);
    answer(route === 'v2' ? 201 : 200, fields.machineIdentifier, body, () => {
      if (route === 'v2') {
        json(response, 201, { ...invitation, invited: { email: fields.invitedEmail }, status: 'pending' });
      } else {
        response
          .writeHead(200, { 'content-type': 'application/xml; charset=utf-8' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?>\n<SharedServer id="${invitation.id}" ` +
              `machineIdentifier="${escapeXml(fields.machineIdentifier)}" email="${escapeXml(fields.invitedEmail)}"/>\n`,
          );
      }
    });
  }
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function json(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/** plex.tv's v2 error shape. */
function jsonError(response: http.ServerResponse, status: number, message: string, code: number): void {
  json(response, status, { errors: [{ code, message, status }] });
}

/** plex.tv's v1 (Rails) validation error shape. */
function xmlErrors(response: http.ServerResponse, status: number, message: string): void {
  response
    .writeHead(status, { 'content-type': 'application/xml; charset=utf-8' })
    .end(`<?xml version="1.0" encoding="UTF-8"?>\n<errors>\n  <error>${escapeXml(message)}</error>\n</errors>\n`);
}

/** plex.tv's v1 status answer, e.g. `<Response code="410" status="This endpoint was deprecated and removed"/>`. */
function xmlError(response: http.ServerResponse, status: number, message: string): void {
  response
    .writeHead(status, { 'content-type': 'application/xml; charset=utf-8' })
    .end(`<?xml version="1.0" encoding="UTF-8"?>\n<Response code="${status}" status="${escapeXml(message)}"/>\n`);
}

export function startFakePlexTv(): Promise<FakePlexTv> {
  return new FakePlexTv().start();
}
