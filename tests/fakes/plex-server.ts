import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { closeLocal, listenLocal } from './local-http.ts';

/**
 * A fake Plex Media Server on 127.0.0.1, written from integrations.md section 2: XML unless the client sends
 * `Accept: application/json`; `/identity` open, everything else needs the token (header `X-Plex-Token` or the
 * `X-Plex-Token` query parameter) and answers 401 otherwise; `/status/sessions` with Metadata, User, Player and
 * Media; `/library/sections` with Directory; counts with `X-Plex-Container-Size=0` in `totalSize` and in the
 * `X-Plex-Container-Total-Size` header; thumbnails as PNG bytes for every path it hands out in sessions (and any
 * path added to `thumbs`), token required like every library path.
 */

export interface FakePlexSession {
  type: 'movie' | 'episode' | 'track';
  title: string;
  grandparentTitle?: string;
  thumb?: string;
  grandparentThumb?: string;
  duration: number;
  viewOffset: number;
  videoResolution?: string;
  user: string;
  player: { title: string; device?: string; state: 'playing' | 'paused' | 'buffering' };
}

export interface FakePlexSection {
  key: string;
  title: string;
  type: 'movie' | 'show' | 'artist' | 'photo';
  count: number;
}

export interface FakePlexRequest {
  path: string;
  /** The query string as received ('' without one), to show the token never travels in a URL. */
  search: string;
  headers: http.IncomingHttpHeaders;
}

/** The smallest valid PNG (1x1), for thumbnails. */
export const FAKE_THUMB_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export class FakePlex {
  token = `plex-token-${randomUUID()}`;
  machineIdentifier = randomUUID().replaceAll('-', '');
  version = '1.41.3.9314-a0bfb8370';
  friendlyName = 'Homelab Plex';
  sessions: FakePlexSession[] = [];
  sections: FakePlexSection[] = [
    { key: '1', title: 'Movies', type: 'movie', count: 412 },
    { key: '2', title: 'TV Shows', type: 'show', count: 57 },
    { key: '3', title: 'Music', type: 'artist', count: 1200 },
  ];
  /** Thumbnail paths that exist besides those the sessions hand out (others answer 404). */
  readonly thumbs = new Set<string>();
  /** Answer thumbnails with this instead of the PNG (a broken or hostile server). */
  thumbAnswer: { contentType: string; body: Buffer } | null = null;
  readonly requests: FakePlexRequest[] = [];
  /** Put the count only in the X-Plex-Container-Total-Size header, not in the body. */
  countInHeaderOnly = false;
  /** Answer everything with this status (a broken server). */
  failWithStatus: number | null = null;
  baseUrl = '';
  readonly #server = http.createServer((request, response) => this.#handle(request, response));

  async start(): Promise<this> {
    this.baseUrl = await listenLocal(this.#server);
    return this;
  }

  stop(): Promise<void> {
    return closeLocal(this.#server);
  }

  #handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://fake');
    this.requests.push({ path: url.pathname, search: url.search, headers: request.headers });
    if (this.failWithStatus !== null) {
      response.writeHead(this.failWithStatus, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    const json = (request.headers.accept ?? '').includes('application/json');
    const send = (container: Record<string, unknown>, headers: Record<string, string> = {}) => {
      if (json) {
        response
          .writeHead(200, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify({ MediaContainer: container }));
      } else {
        const attributes = Object.entries(container)
          .filter(([, value]) => typeof value !== 'object')
          .map(([key, value]) => ` ${key}="${String(value)}"`)
          .join('');
        response
          .writeHead(200, { 'content-type': 'text/xml;charset=utf-8', ...headers })
          .end(`<?xml version="1.0" encoding="UTF-8"?>\n<MediaContainer${attributes} />\n`);
      }
    };
    if (url.pathname === '/identity') {
      send({ size: 0, claimed: true, machineIdentifier: this.machineIdentifier, version: this.version });
      return;
    }
    const token = request.headers['x-plex-token'] ?? url.searchParams.get('X-Plex-Token');
    if (token !== this.token) {
      response
        .writeHead(401, { 'content-type': 'text/html' })
        .end('<html><body><h1>401 Unauthorized</h1></body></html>');
      return;
    }
    if (url.pathname === '/') {
      send({
        size: 0,
        friendlyName: this.friendlyName,
        machineIdentifier: this.machineIdentifier,
        version: this.version,
      });
      return;
    }
    if (url.pathname === '/status/sessions') {
      send({
        size: this.sessions.length,
        Metadata: this.sessions.map((session, index) => this.#session(session, index)),
      });
      return;
    }
    if (url.pathname === '/library/sections') {
      send({
        size: this.sections.length,
        Directory: this.sections.map((section) => ({
          key: section.key,
          title: section.title,
          type: section.type,
          uuid: randomUUID(),
        })),
      });
      return;
    }
    const count = /^\/library\/sections\/([^/]+)\/all$/.exec(url.pathname);
    const section = count && this.sections.find((entry) => entry.key === decodeURIComponent(count[1] ?? ''));
    if (section) {
      const size = Number(url.searchParams.get('X-Plex-Container-Size') ?? section.count);
      const header = { 'X-Plex-Container-Total-Size': String(section.count) };
      send(
        this.countInHeaderOnly
          ? { size: Math.min(size, section.count) }
          : { size: Math.min(size, section.count), totalSize: section.count, offset: 0 },
        header,
      );
      return;
    }
    if (this.#thumbPaths().has(url.pathname)) {
      const { contentType, body } = this.thumbAnswer ?? { contentType: 'image/png', body: FAKE_THUMB_PNG };
      response.writeHead(200, { 'content-type': contentType, 'content-length': body.length }).end(body);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  }

  #thumbPaths(): Set<string> {
    const handedOut = this.sessions.flatMap((session) => [session.thumb, session.grandparentThumb]);
    return new Set([...this.thumbs, ...handedOut.filter((path) => path !== undefined)]);
  }

  #session(session: FakePlexSession, index: number): Record<string, unknown> {
    return {
      type: session.type,
      title: session.title,
      ...(session.grandparentTitle ? { grandparentTitle: session.grandparentTitle, parentTitle: 'Season 1' } : {}),
      ratingKey: String(100 + index),
      ...(session.thumb ? { thumb: session.thumb } : {}),
      ...(session.grandparentThumb ? { grandparentThumb: session.grandparentThumb } : {}),
      duration: session.duration,
      viewOffset: session.viewOffset,
      Media: [{ videoResolution: session.videoResolution, bitrate: 8000, container: 'mkv', Part: [] }],
      User: { id: String(index + 1), title: session.user, thumb: '' },
      Player: {
        title: session.player.title,
        ...(session.player.device ? { device: session.player.device } : {}),
        platform: 'Linux',
        product: 'Plex Web',
        state: session.player.state,
        local: true,
        address: '127.0.0.1',
        machineIdentifier: randomUUID(),
      },
      Session: { id: randomUUID(), bandwidth: 8000, location: 'lan' },
    };
  }
}

export function startFakePlex(): Promise<FakePlex> {
  return new FakePlex().start();
}
