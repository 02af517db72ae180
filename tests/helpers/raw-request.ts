import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * Sends a request with the path exactly as given: fetch and URL would normalise away the odd spellings
 * (dot segments, backslashes, some escapes) that the authorization tests must send as an attacker would.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method, path, headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        // An event stream never ends by itself: its first chunk is enough, then the client goes away.
        if (response.headers['content-type']?.startsWith('text/event-stream')) {
          response.once('data', (chunk: Buffer) => {
            chunks.push(chunk);
            done();
            request.destroy();
          });
          return;
        }
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
