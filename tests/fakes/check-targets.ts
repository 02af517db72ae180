import { execFileSync } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { closeLocal, listenLocal } from './local-http.ts';

/** A self-signed certificate for 127.0.0.1, valid for `days` (openssl, as the other TLS tests make theirs). */
export function selfSignedCertificate(days: number): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key]
        .concat(['-out', cert, '-days', String(days), '-subj', '/CN=127.0.0.1'])
        .concat(['-addext', 'subjectAltName=IP:127.0.0.1']),
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What the echo server last received. */
export interface EchoedRequest {
  method: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * An HTTP server that answers every request with JSON about it (`{method, header, body, status}`) and records it,
 * so tests see the method, headers and body a check sent, and conditions read its JSON. Given a certificate it
 * speaks HTTPS, counts the TLS connections it accepts and can change its certificate for the next ones.
 */
export class EchoServer {
  readonly requests: EchoedRequest[] = [];
  /** HTTPS: TLS handshakes completed (a kept-alive connection counts once). */
  connections = 0;
  #status = 200;
  #closeNext = false;
  readonly #server: http.Server | https.Server;
  base = '';

  constructor(private readonly certificate?: { key: string; cert: string }) {
    const answer = (request: http.IncomingMessage, response: http.ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.requests.push({ method: request.method ?? '', headers: request.headers, body });
        const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
        if (this.#closeNext) headers.connection = 'close';
        this.#closeNext = false;
        response.writeHead(this.#status, headers);
        response.end(
          JSON.stringify({ method: request.method, token: request.headers['x-token'] ?? null, body, state: 'UP' }),
        );
      });
    };
    if (certificate) {
      const server = https.createServer(certificate, answer);
      server.on('secureConnection', () => (this.connections += 1));
      server.on('tlsClientError', () => undefined);
      // Kept alive longer than any test: a connection is reused unless the test drops it.
      server.keepAliveTimeout = 60_000;
      this.#server = server;
    } else this.#server = http.createServer(answer);
  }

  async start(): Promise<this> {
    const base = await listenLocal(this.#server);
    this.base = this.certificate ? base.replace(/^http:/, 'https:') : base;
    return this;
  }

  setStatus(status: number): void {
    this.#status = status;
  }

  /** HTTPS: new connections are offered this certificate; open ones keep the one they handshook with. */
  setCertificate(certificate: { key: string; cert: string }): void {
    if (this.#server instanceof https.Server) this.#server.setSecureContext(certificate);
  }

  /**
   * The next answer says `Connection: close` and ends its connection: the client knows it before its next request,
   * which then opens (and, over HTTPS, handshakes) a new one.
   */
  closeAfterNextAnswer(): void {
    this.#closeNext = true;
  }

  close(): Promise<void> {
    return closeLocal(this.#server);
  }
}

/** A TCP (or TLS) listener on 127.0.0.1 that accepts connections and closes them; counts them. */
export class SocketTarget {
  connections = 0;
  readonly #server: net.Server;
  port = 0;

  constructor(certificate?: { key: string; cert: string }) {
    const onConnection = (socket: net.Socket) => {
      this.connections += 1;
      socket.on('error', () => undefined);
      socket.end();
    };
    this.#server = certificate
      ? tls.createServer(certificate, onConnection).on('tlsClientError', () => undefined)
      : net.createServer(onConnection);
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

const RCODES: Record<string, number> = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 };

/** What the fake resolver answers for a name: a response code and, for A questions, addresses. */
export interface DnsRecord {
  rcode: keyof typeof RCODES;
  a?: string[];
}

/**
 * A DNS server over UDP on 127.0.0.1 (RFC 1035 wire format): answers each question with the record set for its
 * name (NXDOMAIN for unknown names), the question echoed and the id kept; `silent` names get no answer at all.
 */
export class DnsServer {
  readonly records = new Map<string, DnsRecord>();
  readonly silent = new Set<string>();
  readonly questions: { name: string; type: number }[] = [];
  readonly #socket = dgram.createSocket('udp4');
  port = 0;

  async start(): Promise<this> {
    this.#socket.on('message', (message, remote) => this.#answer(message, remote));
    await new Promise<void>((resolve) => this.#socket.bind(0, '127.0.0.1', resolve));
    this.port = this.#socket.address().port;
    return this;
  }

  #answer(message: Buffer, remote: dgram.RemoteInfo): void {
    const labels: string[] = [];
    let offset = 12;
    for (let length = message[offset] ?? 0; length > 0; length = message[offset] ?? 0) {
      labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    const name = labels.join('.').toLowerCase();
    const type = message.readUInt16BE(offset + 1);
    this.questions.push({ name, type });
    if (this.silent.has(name)) return;
    const record = this.records.get(name) ?? { rcode: 'NXDOMAIN' };
    const answers = type === 1 ? (record.a ?? []) : [];
    const header = Buffer.alloc(12);
    message.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8180 | (RCODES[record.rcode] ?? 2), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records = answers.map((address) => {
      const rr = Buffer.alloc(16);
      rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      rr.writeUInt16BE(1, 2);
      rr.writeUInt16BE(1, 4);
      rr.writeUInt32BE(60, 6);
      rr.writeUInt16BE(4, 10);
      Buffer.from(address.split('.').map(Number)).copy(rr, 12);
      return rr;
    });
    const reply = Buffer.concat([header, message.subarray(12, questionEnd), ...records]);
    this.#socket.send(reply, remote.port, remote.address);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#socket.close(() => resolve()));
  }
}
