import http from 'node:http';
import { closeLocal, listenLocal } from './local-http.ts';

/** One request a fake channel endpoint received. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as received (webhook signatures are over these bytes). */
  raw: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/** What a fake answers: a status, a body, and its content type. */
export interface FakeAnswer {
  status: number;
  body: string;
  contentType?: string;
}

/** What the next requests meet instead of the protocol's answer. */
export type Failure = { kind: 'status'; status: number } | { kind: 'stall' };

export interface ChannelReceiver {
  baseUrl: string;
  /** Every request answered (failed ones included), oldest first. */
  requests: ReceivedRequest[];
  /** Requests that got the protocol's success answer. */
  delivered(): ReceivedRequest[];
  /** The next `count` requests fail: a 5xx (or any status) with a body, or no answer at all (the client times out). */
  failNext(count: number, failure: Failure): void;
  /** Drops the failures not yet used: the endpoint works again. */
  recover(): void;
  close(): Promise<void>;
}

/**
 * The shared HTTP side of the channel fakes (127.0.0.1 only): records each request and its raw body, injects
 * failures, and otherwise answers with the protocol's `answer`, which each fake writes after integrations.md.
 */
export async function startChannelReceiver(answer: (request: ReceivedRequest) => FakeAnswer): Promise<ChannelReceiver> {
  const requests: ReceivedRequest[] = [];
  const succeeded = new Set<ReceivedRequest>();
  const failures: Failure[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
      }
      const request: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        raw,
        json,
      };
      requests.push(request);
      const failure = failures.shift();
      if (failure?.kind === 'stall') return; // never answered: the client's time-out ends it
      const reply =
        failure?.kind === 'status'
          ? { status: failure.status, body: '{"error":"injected failure"}', contentType: 'application/json' }
          : answer(request);
      if (!failure && reply.status >= 200 && reply.status < 300) succeeded.add(request);
      res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
      res.end(reply.body);
    });
  });
  const baseUrl = await listenLocal(server);
  return {
    baseUrl,
    requests,
    delivered: () => requests.filter((request) => succeeded.has(request)),
    failNext(count, failure) {
      for (let index = 0; index < count; index += 1) failures.push(failure);
    },
    recover() {
      failures.length = 0;
    },
    close: () => closeLocal(server),
  };
}

export const json = (status: number, body: unknown): FakeAnswer => ({ status, body: JSON.stringify(body) });
