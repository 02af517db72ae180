import type { FastifyRequest } from 'fastify';

/** Request headers that carry credentials, censored in every log line. */
export const SECRET_REQUEST_HEADERS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'];

/**
 * Paths whose last segment is the credential: a push URL's token (`/api/push/{token}`) is all a job needs to report
 * that it ran, so it must not land in the "incoming request" line every request logs at the default level. Any
 * spelling the router accepts (repeated slashes, letter case) is covered.
 */
const CREDENTIAL_PATH = /^(\/+api\/+push\/+)[^/?#]*/i;

/** A request's URL as logged: credentials in its path replaced by '[redacted]'. */
export function loggedUrl(url: string): string {
  return url.replace(CREDENTIAL_PATH, '$1[redacted]');
}

/** Fastify's request serializer (method, url, host, remote address and port) with `loggedUrl`. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** The server's logger: LOG_LEVEL, credential headers censored, credential paths redacted. */
export function loggerOptions(level: string) {
  return { level, redact: SECRET_REQUEST_HEADERS, serializers: { req: serializeRequest } };
}
