import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { closeLocal, listenLocal } from './local-http.ts';
import { FAKE_THUMB_PNG } from './plex-server.ts';

/**
 * A fake Jellyfin server on 127.0.0.1, written from integrations.md section 3: `/System/Info/Public` open;
 * everything else needs `Authorization: MediaBrowser Token="<api key>", …` (401 otherwise); the legacy ways
 * (X-Emby-Token, X-MediaBrowser-Token, X-Emby-Authorization, `api_key`/`ApiKey` in the query) are refused with
 * 400, as a server that stopped parsing them would leave the request unauthenticated; `/Sessions` with and
 * without NowPlayingItem, ticks of 100 ns; `/Library/VirtualFolders`; counts from `/Items?…&Limit=0` and
 * `/Items/Counts`; primary images as PNG bytes for the items that have one.
 */

export interface FakeJellyfinItem {
  name: string;
  type: 'Movie' | 'Episode' | 'Audio' | 'TvChannel';
  seriesName?: string;
  /** Ticks (100 ns). */
  runTimeTicks: number;
  /** The video stream's size; none for audio. */
  video?: { width: number; height: number };
  /** Whether the item has a primary image (ImageTags.Primary). */
  hasImage?: boolean;
  /** For episodes: whether the series has a primary image (SeriesId and SeriesPrimaryImageTag). */
  seriesHasImage?: boolean;
}

export interface FakeJellyfinSession {
  userName: string;
  deviceName?: string;
  client: string;
  nowPlaying?: FakeJellyfinItem;
  positionTicks?: number;
  isPaused?: boolean;
}

export interface FakeJellyfinLibrary {
  name: string;
  collectionType: 'movies' | 'tvshows' | 'music' | 'boxsets';
  /** How many movies (movies) or series (tvshows) or songs it holds. */
  count: number;
  /** Episodes of a tvshows library (only /Items/Counts reports them). */
  episodes?: number;
}

export interface FakeJellyfinRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

const LEGACY_HEADERS = ['x-emby-token', 'x-mediabrowser-token', 'x-emby-authorization'];
const COUNTED_TYPE: Record<FakeJellyfinLibrary['collectionType'], string> = {
  movies: 'Movie',
  tvshows: 'Series',
  music: 'Audio',
  boxsets: 'BoxSet',
};

function newId(): string {
  return randomUUID().replaceAll('-', '');
}

/** The Token="…" of a `MediaBrowser` authorization header, or null. */
function mediaBrowserToken(header: string | undefined): string | null {
  const match = /^MediaBrowser\s+(.*)$/i.exec(header ?? '');
  if (!match) return null;
  const token = /(?:^|,)\s*Token="([^"]*)"/i.exec(match[1] ?? '');
  return token?.[1] ?? null;
}

export class FakeJellyfin {
  apiKey = newId();
  serverId = newId();
  serverName = 'Homelab Jellyfin';
  version = '10.10.7';
  sessions: FakeJellyfinSession[] = [];
  libraries: FakeJellyfinLibrary[] = [
    { name: 'Films', collectionType: 'movies', count: 318 },
    { name: 'Shows', collectionType: 'tvshows', count: 44, episodes: 2_100 },
    { name: 'Music', collectionType: 'music', count: 5_000 },
  ];
  /** Answer images with this instead of the PNG (a broken or hostile server). */
  imageAnswer: { contentType: string; body: Buffer } | null = null;
  /** Take requests and never answer (a time-out). */
  stall = false;
  readonly requests: FakeJellyfinRequest[] = [];
  baseUrl = '';
  /** Stable ids for the fake's items, libraries and series, by name. */
  readonly #ids = new Map<string, string>();
  readonly #server = http.createServer((request, response) => this.#handle(request, response));

  async start(): Promise<this> {
    this.baseUrl = await listenLocal(this.#server);
    return this;
  }

  stop(): Promise<void> {
    return closeLocal(this.#server);
  }

  /** The Jellyfin id of an item, library or series by its name (the same on every call). */
  idOf(kind: 'item' | 'library' | 'series' | 'user', name: string): string {
    const key = `${kind}:${name}`;
    let id = this.#ids.get(key);
    if (!id) {
      id = newId();
      this.#ids.set(key, id);
    }
    return id;
  }

  #handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    if (this.stall) return;
    const url = new URL(request.url ?? '/', 'http://fake');
    this.requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers });
    const json = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (url.pathname === '/System/Info/Public') {
      json({
        LocalAddress: this.baseUrl,
        ServerName: this.serverName,
        Version: this.version,
        ProductName: 'Jellyfin Server',
        OperatingSystem: '',
        Id: this.serverId,
        StartupWizardCompleted: true,
      });
      return;
    }
    const hasLegacy =
      LEGACY_HEADERS.some((name) => request.headers[name] !== undefined) ||
      [...url.searchParams.keys()].some((key) => key.toLowerCase() === 'api_key' || key.toLowerCase() === 'apikey');
    if (hasLegacy) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('Legacy authorization is not supported');
      return;
    }
    if (mediaBrowserToken(request.headers.authorization) !== this.apiKey) {
      response.writeHead(401).end();
      return;
    }
    if (url.pathname === '/Sessions') json(this.sessions.map((session) => this.#session(session)));
    else if (url.pathname === '/Library/VirtualFolders') json(this.#virtualFolders());
    else if (url.pathname === '/Items') json(this.#itemPage(url.searchParams));
    else if (url.pathname === '/Items/Counts') json(this.#counts());
    else this.#image(url.pathname, response);
  }

  #session(session: FakeJellyfinSession): Record<string, unknown> {
    const item = session.nowPlaying;
    return {
      Id: newId(),
      UserId: this.idOf('user', session.userName),
      UserName: session.userName,
      Client: session.client,
      DeviceName: session.deviceName ?? null,
      DeviceId: newId(),
      ApplicationVersion: '10.10.7',
      IsActive: true,
      PlayState: {
        PositionTicks: item ? (session.positionTicks ?? 0) : null,
        CanSeek: Boolean(item),
        IsPaused: session.isPaused ?? false,
        IsMuted: false,
        PlayMethod: item ? 'DirectPlay' : null,
        RepeatMode: 'RepeatNone',
      },
      ...(item ? { NowPlayingItem: this.#item(item) } : {}),
    };
  }

  #item(item: FakeJellyfinItem): Record<string, unknown> {
    const isEpisode = item.type === 'Episode';
    const seriesId = isEpisode && item.seriesName ? this.idOf('series', item.seriesName) : null;
    return {
      Name: item.name,
      Id: this.idOf('item', item.name),
      Type: item.type,
      RunTimeTicks: item.runTimeTicks,
      ImageTags: item.hasImage ? { Primary: newId() } : {},
      ...(isEpisode ? { SeriesName: item.seriesName ?? null, SeriesId: seriesId } : {}),
      ...(isEpisode && item.seriesHasImage ? { SeriesPrimaryImageTag: newId() } : {}),
      ...(item.video ? { Width: item.video.width, Height: item.video.height } : {}),
      MediaStreams: [
        ...(item.video
          ? [{ Type: 'Video', Codec: 'h264', Width: item.video.width, Height: item.video.height, Index: 0 }]
          : []),
        { Type: 'Audio', Codec: 'aac', Channels: 2, Index: item.video ? 1 : 0 },
      ],
    };
  }

  #virtualFolders(): Record<string, unknown>[] {
    return this.libraries.map((library) => ({
      Name: library.name,
      Locations: [`/media/${library.name.toLowerCase()}`],
      CollectionType: library.collectionType,
      LibraryOptions: {},
      ItemId: this.idOf('library', library.name),
      RefreshStatus: 'Idle',
    }));
  }

  /** GET /Items: only the totals are faked (the page itself is empty, as with Limit=0). */
  #itemPage(query: URLSearchParams): Record<string, unknown> {
    const library = this.libraries.find((entry) => this.idOf('library', entry.name) === query.get('ParentId'));
    const types = (query.get('IncludeItemTypes') ?? '').split(',').filter(Boolean);
    const counted = library && (types.length === 0 || types.includes(COUNTED_TYPE[library.collectionType]));
    return { Items: [], TotalRecordCount: counted ? library.count : 0, StartIndex: 0 };
  }

  #counts(): Record<string, number> {
    const sum = (type: FakeJellyfinLibrary['collectionType'], field: 'count' | 'episodes' = 'count') =>
      this.libraries
        .filter((entry) => entry.collectionType === type)
        .reduce((total, entry) => total + (entry[field] ?? 0), 0);
    return {
      MovieCount: sum('movies'),
      SeriesCount: sum('tvshows'),
      EpisodeCount: sum('tvshows', 'episodes'),
      ArtistCount: 0,
      ProgramCount: 0,
      TrailerCount: 0,
      SongCount: sum('music'),
      AlbumCount: 0,
      MusicVideoCount: 0,
      BoxSetCount: sum('boxsets'),
      BookCount: 0,
      ItemCount: this.libraries.reduce((total, entry) => total + entry.count, 0),
    };
  }

  /** GET /Items/{id}/Images/Primary for the items and series that have an image; 404 otherwise. */
  #image(path: string, response: http.ServerResponse): void {
    const match = /^\/Items\/([0-9a-f]{32})\/Images\/Primary$/.exec(path);
    const withImages = new Set(
      this.sessions.flatMap(({ nowPlaying: item }) => [
        ...(item?.hasImage ? [this.idOf('item', item.name)] : []),
        ...(item?.seriesHasImage && item.seriesName ? [this.idOf('series', item.seriesName)] : []),
      ]),
    );
    if (!match?.[1] || !withImages.has(match[1])) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    const { contentType, body } = this.imageAnswer ?? { contentType: 'image/png', body: FAKE_THUMB_PNG };
    response.writeHead(200, { 'content-type': contentType, 'content-length': body.length }).end(body);
  }
}

export function startFakeJellyfin(): Promise<FakeJellyfin> {
  return new FakeJellyfin().start();
}
