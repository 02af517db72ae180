import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/** What a target saw on one path: request count, arrival times and the most requests in flight at once. */
export interface PathStats {
  requests: number;
  inFlight: number;
  maxInFlight: number;
  /** Date.now() of each arrival. */
  arrivals: number[];
}

// 64 MiB of zeros gzip to about 64 KiB: a small download that would be huge if anyone decompressed it.
const GZIP_BOMB = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });

/**
 * Local HTTP targets on 127.0.0.1 that behave well and badly, for the monitor tests. Paths:
 * /up, /down (500), /status/:name (status set with `setStatus`), /slow/:ms, /hang (never answers),
 * /stall (headers, then nothing), /trickle (a byte every 100 ms, forever), /endless (a body as fast as the
 * socket takes it), /redirect-loop, /redirect/:n (n hops then 200), /to/:url (a redirect to the URI-encoded
 * url), /gzip-bomb. Any path may carry a
 * `?tag` query so that several services share one behaviour but count separately.
 */
export class HttpTargets {
  readonly stats = new Map<string, PathStats>();
  readonly #statuses = new Map<string, number>();
  readonly #sockets = new Set<net.Socket>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #server: http.Server | https.Server;
  #connections = 0;
  baseUrl = '';

  constructor(tls?: { key: string; cert: string }) {
    const handler = (request: http.IncomingMessage, response: http.ServerResponse) => this.#handle(request, response);
    this.#server = tls ? https.createServer(tls, handler) : http.createServer(handler);
    // Like nginx: keep idle connections long enough for the monitor's pools to reuse them.
    this.#server.keepAliveTimeout = 65_000;
    // For TLS targets 'connection' is the raw TCP connection, before the handshake: counted alike.
    this.#server.on('connection', (socket: net.Socket) => {
      this.#connections += 1;
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  /** Listens on a free port of 127.0.0.1. */
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    this.baseUrl = `${this.#server instanceof https.Server ? 'https' : 'http'}://127.0.0.1:${port}`;
    return this;
  }

  /** How many TCP connections clients have opened to this target since it started. */
  get connections(): number {
    return this.#connections;
  }

  /** How many client connections are open right now. */
  get openConnections(): number {
    return this.#sockets.size;
  }

  /** The full URL of a path. */
  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** Sets the answer of /status/:name. */
  setStatus(name: string, status: number): void {
    this.#statuses.set(name, status);
  }

  /** The stats of a path (query included), zeros when it was never requested. */
  of(path: string): PathStats {
    return this.stats.get(path) ?? { requests: 0, inFlight: 0, maxInFlight: 0, arrivals: [] };
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const key = request.url ?? '/';
    const stats = this.stats.get(key) ?? { requests: 0, inFlight: 0, maxInFlight: 0, arrivals: [] };
    this.stats.set(key, stats);
    stats.requests += 1;
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    stats.arrivals.push(Date.now());
    response.on('close', () => {
      stats.inFlight -= 1;
    });
    const path = key.split('?')[0] ?? '/';
    const [, first = '', second = ''] = path.split('/');
    switch (first) {
      case 'up':
        response.end('ok');
        return;
      case 'down':
        response.writeHead(500).end('broken');
        return;
      case 'status':
        response.writeHead(this.#statuses.get(second) ?? 200).end();
        return;
      case 'slow': {
        const timer = setTimeout(() => response.end('late'), Number(second));
        response.on('close', () => clearTimeout(timer));
        return;
      }
      case 'hang':
        return;
      case 'stall':
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.flushHeaders();
        return;
      case 'trickle':
        response.writeHead(200, { 'content-type': 'text/plain' });
        this.#every(100, response, () => response.write('.'));
        return;
      case 'endless':
        this.#endless(response);
        return;
      case 'redirect-loop':
        response.writeHead(302, { location: key }).end();
        return;
      case 'redirect': {
        const left = Number(second);
        const query = key.includes('?') ? key.slice(key.indexOf('?')) : '';
        if (left <= 0) response.end('arrived');
        else response.writeHead(302, { location: `/redirect/${left - 1}${query}` }).end();
        return;
      }
      case 'to':
        response.writeHead(302, { location: decodeURIComponent(second) }).end();
        return;
      case 'gzip-bomb':
        response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' });
        response.end(GZIP_BOMB);
        return;
      default:
        response.writeHead(404).end();
    }
  }

  #every(ms: number, response: http.ServerResponse, tick: () => void): void {
    const timer = setInterval(tick, ms);
    this.#timers.add(timer);
    response.on('close', () => {
      clearInterval(timer);
      this.#timers.delete(timer);
    });
  }

  #endless(response: http.ServerResponse): void {
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (!response.destroyed && response.write(chunk));
    };
    response.on('drain', pump);
    pump();
  }
}

/** An http URL of a 127.0.0.1 port nothing listens on (bound, then released). */
export async function refusedUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}
