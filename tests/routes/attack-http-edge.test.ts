import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyTimeoutMessage, REQUEST_TIMEOUT_MESSAGE } from '../../src/server/http/body-deadline.ts';
import { TOO_MANY_CONNECTIONS_MESSAGE } from '../../src/server/http/connection-cap.ts';
import { hostRefusedText } from '../../src/server/http/host-policy.ts';
import { readEnv } from '../../src/server/env.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { OpenStreams } from '../helpers/event-stream-reader.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { newAccount, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

/**
 * The HTTP edge under attack (issue 26, items 12 and 13): clients that send their requests one byte at a time or
 * hold many connections open, and DNS-rebinding pages that reach the server under a name of their own.
 */

/** Short deadlines, so that the tests wait for the server's answers instead of for 10 real seconds. */
const DEADLINES = { headersMs: 500, bodyMs: 300, uploadBodyMs: 1_000, checkIntervalMs: 50 };
/** Node's whole-request deadline these make: headers plus the longest body deadline. */
const WHOLE_REQUEST_MS = DEADLINES.headersMs + DEADLINES.uploadBodyMs;
/** How long a test waits for the server to close a connection before calling it kept open (a failure bound). */
const CLOSE_BOUND_MS = 8_000;

/** A raw TCP connection to the server: bytes exactly as written, and what came back once the server closed it. */
class RawConnection {
  #received = '';
  #closed = false;
  #waiters: (() => void)[] = [];

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.#received += chunk.toString('utf8');
      this.#wake();
    });
    socket.on('error', () => undefined); // a reset is a close for these tests
    socket.on('close', () => {
      this.#closed = true;
      this.#wake();
    });
  }

  static open(baseUrl: string, localAddress?: string): Promise<RawConnection> {
    const { hostname, port } = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: hostname, port: Number(port), localAddress });
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Everything received so far, once it contains `text`; fails if it has not arrived after `boundMs`. */
  async received(text: string, boundMs = CLOSE_BOUND_MS): Promise<string> {
    const bound = setTimeout(() => this.#wake(), boundMs);
    const deadline = Date.now() + boundMs;
    try {
      while (!this.#received.includes(text)) {
        if (this.#closed || Date.now() >= deadline) {
          throw new Error(`${JSON.stringify(text)} did not arrive; received ${JSON.stringify(this.#received)}`);
        }
        await new Promise<void>((resolve) => this.#waiters.push(resolve));
      }
      return this.#received;
    } finally {
      clearTimeout(bound);
    }
  }

  /** Everything received, once the server has closed the connection; fails if it is still open after `boundMs`. */
  async closedWithin(boundMs = CLOSE_BOUND_MS): Promise<string> {
    const bound = setTimeout(() => this.#wake(), boundMs);
    const deadline = Date.now() + boundMs;
    try {
      while (!this.#closed) {
        if (Date.now() >= deadline) throw new Error(`the server kept the connection open for ${boundMs} ms`);
        await new Promise<void>((resolve) => this.#waiters.push(resolve));
      }
      return this.#received;
    } finally {
      clearTimeout(bound);
    }
  }

  #wake(): void {
    for (const wake of this.#waiters.splice(0)) wake();
  }
}

interface ParsedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseAnswer(text: string): ParsedAnswer {
  const split = text.indexOf('\r\n\r\n');
  if (split === -1) throw new Error(`no HTTP answer in ${JSON.stringify(text)}`);
  const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) };
}

/** A request's head as a client writes it. */
function head(method: string, path: string, headers: Record<string, string>): string {
  const lines = Object.entries({ host: '127.0.0.1', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('')}\r\n`;
}

describe('slow bodies and headers', () => {
  let app: TestApp;
  let actors: Record<ActorKind, Actor>;
  let adminCookie: string;
  const streams = new OpenStreams();

  beforeAll(async () => {
    app = await startTestApp({ httpDeadlines: DEADLINES, eventHeartbeatMs: 50 });
    actors = await createActors(app);
    const admin = await actors.admin.signIn();
    adminCookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  });
  afterAll(async () => {
    streams.closeAll();
    await app.close();
  });

  it('answers 408 with a message and closes the connection when a sign-in body trickles in', async () => {
    const connection = await RawConnection.open(app.baseUrl);
    const started = Date.now();
    connection.socket.write(
      head('POST', '/api/login', { 'content-type': 'application/json', 'content-length': '100' }) + '{"user',
    );
    const answer = parseAnswer(await connection.closedWithin());
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ message: bodyTimeoutMessage(DEADLINES.bodyMs) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(DEADLINES.bodyMs - 20);
  });

  it('gives every one of many trickling sign-ins the same end', async () => {
    const connections = await Promise.all(Array.from({ length: 20 }, () => RawConnection.open(app.baseUrl)));
    for (const connection of connections) {
      connection.socket.write(
        head('POST', '/api/login', { 'content-type': 'application/json', 'content-length': '50' }) + '{',
      );
    }
    const answers = await Promise.all(
      connections.map(async (connection) => parseAnswer(await connection.closedWithin())),
    );
    expect(answers.map((answer) => answer.status)).toEqual(connections.map(() => 408));
  });

  it('gives the configuration import, a route for larger bodies, the longer upload deadline', async () => {
    const connection = await RawConnection.open(app.baseUrl);
    connection.socket.write(
      head('POST', '/api/config/import?dryRun=true', {
        cookie: adminCookie,
        'content-type': 'application/yaml',
        'content-length': '1000',
      }) + 'version: 2\n',
    );
    const answer = parseAnswer(await connection.closedWithin());
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: bodyTimeoutMessage(DEADLINES.uploadBodyMs) });
  });

  it('holds a multipart image upload to the whole-request deadline', async () => {
    const connection = await RawConnection.open(app.baseUrl);
    connection.socket.write(
      head('POST', '/api/upload/site', {
        cookie: adminCookie,
        'content-type': 'multipart/form-data; boundary=edge',
        'content-length': '100000',
      }) +
        '--edge\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    const started = Date.now();
    const answer = parseAnswer(await connection.closedWithin());
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: REQUEST_TIMEOUT_MESSAGE });
    expect(Date.now() - started).toBeLessThan(WHOLE_REQUEST_MS + 2_000);
  });

  it('answers 408 to headers that never end', async () => {
    const connection = await RawConnection.open(app.baseUrl);
    connection.socket.write('POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty');
    const answer = parseAnswer(await connection.closedWithin());
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: REQUEST_TIMEOUT_MESSAGE });
  });

  it('ends the connection of an answer sent before its body arrived once the body misses its deadline', async () => {
    const connection = await RawConnection.open(app.baseUrl);
    connection.socket.write(
      head('POST', '/api/services', { 'content-type': 'application/json', 'content-length': '500' }) + '{"na',
    );
    // After the body's own deadline, not when Node's whole-request deadline would end the body nobody reads.
    const answer = parseAnswer(await connection.closedWithin(WHOLE_REQUEST_MS - DEADLINES.headersMs));
    expect(answer.status).toBe(401);
  });

  it('reads and drops the rest of a refused body, so the client gets its answer and can go on', async () => {
    const connection = await RawConnection.open(app.baseUrl);
    const body = JSON.stringify({ name: 'x'.repeat(400) });
    const length = Buffer.byteLength(body);
    connection.socket.write(
      head('POST', '/api/services', { 'content-type': 'application/json', 'content-length': String(length) }) +
        body.slice(0, 10),
    );
    const refused = parseAnswer(await connection.received('"message"'));
    expect(refused.status).toBe(401);
    // Not closed under a client still writing (a reset could make it lose the answer): it sends the rest...
    expect(refused.headers.connection).not.toBe('close');
    connection.socket.write(body.slice(10));
    // ...and the same connection carries its next request.
    connection.socket.write(head('GET', '/healthz', {}));
    const afterwards = await connection.received('HTTP/1.1 200');
    expect(afterwards.split('HTTP/1.1 ')).toHaveLength(3);
    expect(connection.closed).toBe(false);
    connection.socket.destroy();
  });

  it('closes at once after answering a body it would never read (larger than the limit, or chunked)', async () => {
    const framings: [Record<string, string>, string][] = [
      [{ 'content-length': String(2 * 1024 * 1024) }, '{'],
      [{ 'transfer-encoding': 'chunked' }, '1\r\n{\r\n'],
    ];
    for (const [framing, start] of framings) {
      const connection = await RawConnection.open(app.baseUrl);
      connection.socket.write(
        head('POST', '/api/services', { 'content-type': 'application/json', ...framing }) + start,
      );
      const answer = parseAnswer(await connection.closedWithin(WHOLE_REQUEST_MS - DEADLINES.headersMs));
      expect(answer.status).toBe(401);
      expect(answer.headers.connection).toBe('close');
    }
  });

  it('keeps an event stream open long past every deadline (a GET has no body to wait for)', async () => {
    const stream = await streams.open(await actors.user.signIn());
    expect(stream.status).toBe(200);
    const started = Date.now();
    // Heartbeats every 50 ms: wait for them until twice the whole-request deadline has passed.
    let count = stream.comments;
    while (Date.now() - started < 2 * WHOLE_REQUEST_MS) {
      count += 1;
      await stream.heartbeats(count);
    }
    expect(stream.ended).toBe(false);
    // The deadlines are in force meanwhile on this very server.
    const slow = await RawConnection.open(app.baseUrl);
    slow.socket.write(head('POST', '/api/login', { 'content-type': 'application/json', 'content-length': '9' }) + '{');
    expect(parseAnswer(await slow.closedWithin()).status).toBe(408);
    expect(stream.ended).toBe(false);
  });
});

describe('open connections per address', () => {
  const CAP = 4;
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { MAX_CONNECTIONS_PER_ADDRESS: String(CAP) } });
  });
  afterAll(async () => {
    await app.close();
  });

  function openConnections(): Promise<number> {
    return new Promise((resolve, reject) =>
      app.built.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  }

  it('refuses the connection over MAX_CONNECTIONS_PER_ADDRESS with a 503, counting other addresses apart', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => RawConnection.open(app.baseUrl)));
    await until(async () => (await openConnections()) === CAP, 'the server to count the held connections');

    const over = await RawConnection.open(app.baseUrl);
    const refused = parseAnswer(await over.closedWithin());
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(refused.body).toBe(`${TOO_MANY_CONNECTIONS_MESSAGE}\n`);

    // Another client address (127.0.0.2 is loopback too) has its own count.
    const other = await RawConnection.open(app.baseUrl, '127.0.0.2');
    other.socket.end(head('GET', '/healthz', { connection: 'close' }));
    expect(parseAnswer(await other.closedWithin()).status).toBe(200);

    // A place freed is a place taken again.
    held[0]?.socket.destroy();
    await until(async () => (await openConnections()) === CAP - 1, 'the server to see a held connection close');
    const again = await RawConnection.open(app.baseUrl);
    again.socket.end(head('GET', '/healthz', { connection: 'close' }));
    expect(parseAnswer(await again.closedWithin()).status).toBe(200);
    for (const connection of held) connection.socket.destroy();
  });
});

describe('open connections of a trusted reverse proxy', () => {
  const CAP = 2;
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { MAX_CONNECTIONS_PER_ADDRESS: String(CAP), TRUST_PROXY: '127.0.0.3/32' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('are never capped (the proxy carries every client), while other addresses still are', async () => {
    // Three event streams' worth of held connections through the proxy, over the cap of two.
    const held = await Promise.all(Array.from({ length: CAP + 1 }, () => RawConnection.open(app.baseUrl, '127.0.0.3')));
    const through = await RawConnection.open(app.baseUrl, '127.0.0.3');
    through.socket.end(head('GET', '/healthz', { connection: 'close' }));
    expect(parseAnswer(await through.closedWithin()).status).toBe(200);

    const direct = await Promise.all(Array.from({ length: CAP }, () => RawConnection.open(app.baseUrl)));
    const over = await RawConnection.open(app.baseUrl);
    expect(parseAnswer(await over.closedWithin()).status).toBe(503);
    for (const connection of [...held, ...direct]) connection.socket.destroy();
  });
});

describe('the Host header', () => {
  const PUBLIC_HOST = 'dash.example.test';
  let fresh: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    // A fresh install: no account yet, so the next registration would be the superadmin.
    fresh = await startTestApp({
      env: { PUBLIC_URL: `https://${PUBLIC_HOST}`, ALLOWED_HOSTS: 'lab.internal, Tools.Lan' },
    });
    proxied = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1', ALLOWED_HOSTS: 'lab.internal' } });
  });
  afterAll(async () => {
    await fresh.close();
    await proxied.close();
  });

  async function userCount(app: TestApp): Promise<number> {
    const row = await app.testDb.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('refuses a name that is not ours with 421 and a page saying what to set, first-account setup included', async () => {
    const register = await rawRequest(fresh.baseUrl, 'POST', '/api/register', {
      headers: { host: 'evil.example:5000', 'content-type': 'application/json' },
      body: JSON.stringify(newAccount('rebound')),
    });
    expect(register.status).toBe(421);
    expect(register.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(register.headers['x-content-type-options']).toBe('nosniff');
    expect(register.text).toBe(hostRefusedText('evil.example'));
    expect(register.text).toBe(
      "This server does not answer to the name 'evil.example'. Add it to ALLOWED_HOSTS (or set PUBLIC_URL) and restart.\n",
    );
    expect(await userCount(fresh)).toBe(0);

    // Every kind of route: API, the client's pages and files, uploads, unknown paths.
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/login'],
      ['GET', '/assets/index.js'],
      ['GET', '/uploads/site/x.png'],
      ['GET', '/api/settings'],
      ['GET', '/api/no-such-route'],
      ['POST', '/api/login'],
      ['GET', '/api/events'],
    ] as const) {
      const response = await rawRequest(fresh.baseUrl, method, path, { headers: { host: 'evil.example' } });
      expect(response.status, `${method} ${path}`).toBe(421);
      expect(response.text, `${method} ${path}`).toBe(hostRefusedText('evil.example'));
    }
  });

  it("answers IP literals, localhost, PUBLIC_URL's host and ALLOWED_HOSTS names, in any case and with any port", async () => {
    const port = new URL(fresh.baseUrl).port;
    for (const host of [
      `127.0.0.1:${port}`,
      '192.168.1.20',
      `[::1]:${port}`,
      '[2001:db8::7]',
      'localhost',
      `LOCALHOST.:${port}`,
      'dash.localhost',
      PUBLIC_HOST,
      `${PUBLIC_HOST.toUpperCase()}:443`,
      'lab.internal:8080',
      'tools.lan',
    ]) {
      const response = await rawRequest(fresh.baseUrl, 'GET', '/api/settings', { headers: { host } });
      expect(response.status, host).toBe(200);
    }
    // The newcomer on the server's address gets in: the first account.
    const first = await rawRequest(fresh.baseUrl, 'POST', '/api/register', {
      headers: { host: `192.168.1.20:${port}`, 'content-type': 'application/json' },
      body: JSON.stringify(newAccount('owner')),
    });
    expect(first.status).toBe(201);
    expect(await userCount(fresh)).toBe(1);
  });

  it('lets the health probes answer any name (orchestrators call them by service name)', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await rawRequest(fresh.baseUrl, 'GET', path, { headers: { host: 'homelab-dashboard:5000' } });
      expect(response.status, path).toBe(200);
    }
  });

  it('answers an HTTP/1.0 request without Host: no browser sends one', async () => {
    const connection = await RawConnection.open(fresh.baseUrl);
    connection.socket.write('GET /api/settings HTTP/1.0\r\n\r\n');
    expect(parseAnswer(await connection.closedWithin()).status).toBe(200);
  });

  it('behind a trusted proxy judges the forwarded host, and ignores X-Forwarded-Host from anyone else', async () => {
    const forwarded = (headers: Record<string, string>) =>
      rawRequest(proxied.baseUrl, 'GET', '/api/settings', { headers }).then((response) => response.status);
    expect(await forwarded({ host: '127.0.0.1', 'x-forwarded-host': 'evil.example' })).toBe(421);
    expect(await forwarded({ host: 'internal-upstream', 'x-forwarded-host': 'lab.internal' })).toBe(200);
    // Without TRUST_PROXY the header is not ours to believe: the Host itself is judged.
    expect(
      (await rawRequest(fresh.baseUrl, 'GET', '/api/settings', { headers: { 'x-forwarded-host': 'evil.example' } }))
        .status,
    ).toBe(200);
  });

  it('refuses a bad ALLOWED_HOSTS at start-up with a one-line error', () => {
    for (const value of ['http://dash.example.test', 'dash.example.test:5000', 'dash example', 'dash/x']) {
      expect(() => readEnv({ ALLOWED_HOSTS: value }), value).toThrow(
        /^Invalid configuration: ALLOWED_HOSTS: '.*' is not a host name/,
      );
    }
    expect(readEnv({ ALLOWED_HOSTS: ' Dash.Example.test., lab , ' }).ALLOWED_HOSTS).toEqual([
      'dash.example.test',
      'lab',
    ]);
    expect(() => readEnv({ MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(
      /^Invalid configuration: MAX_CONNECTIONS_PER_ADDRESS/,
    );
    expect(readEnv({}).MAX_CONNECTIONS_PER_ADDRESS).toBe(128);
  });
});
