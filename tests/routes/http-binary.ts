import http from 'node:http';

export interface BinaryResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent: still compressed when the answer has a Content-Encoding. */
  body: Buffer;
}

/** A GET whose body is returned byte for byte, never decoded (fetch would undo the content coding). */
export function binaryGet(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<BinaryResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
