import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Which names this server answers to (the `Host` header). A DNS-rebinding page points a name it owns
 * (evil.example) at this server's address: the browser then treats our answers as evil.example's and lets its
 * script read them, with none of our cookies but every anonymous route (first-account setup on a fresh install,
 * registration, sign-in). The browser still sends `Host: evil.example`, so refusing names that are not ours ends it.
 *
 * Accepted: IP literals (a newcomer opening http://<server IP>:5000 gets in; no page can make a browser send one
 * for a name it owns), `localhost` and `*.localhost` (browsers and resolvers keep them on the loopback interface,
 * RFC 6761, so no outside page can own one), the host of PUBLIC_URL, and the names in ALLOWED_HOSTS (`*`: any).
 * Ports are not compared: the same server is often reached through a mapped port.
 */
export interface HostPolicyOptions {
  /** PUBLIC_URL (or its default, http://localhost:PORT). */
  publicUrl: string;
  /** ALLOWED_HOSTS as read by env.ts: host names, or `*` for any. */
  allowedHosts: readonly string[];
}

/** One label of a host name: letters, digits, hyphens, and the underscores of container and service names. */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
const MAX_NAME_LENGTH = 253;

/** Lower case, one trailing dot removed (`LOCALHOST.` is `localhost`). */
function normalizeName(name: string): string {
  const lower = name.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/** Whether `value` is a host name (DNS labels joined by dots, at most one trailing dot): what ALLOWED_HOSTS holds. */
export function isHostName(value: string): boolean {
  const name = normalizeName(value);
  return name.length > 0 && name.length <= MAX_NAME_LENGTH && name.split('.').every((label) => LABEL.test(label));
}

/** ALLOWED_HOSTS entries as the policy compares them (lower case, no trailing dot). */
export function normalizeAllowedHost(value: string): string {
  return value === '*' ? value : normalizeName(value);
}

/**
 * The name of a `Host` header value: IPv6 literals keep their brackets, the port goes, lower case, no trailing
 * dot. Null for a value that is not `host[:port]` (a browser never sends one).
 */
export function hostNameOf(header: string): string | null {
  let name: string;
  let port: string | undefined;
  if (header.startsWith('[')) {
    const close = header.indexOf(']');
    if (close === -1) return null;
    name = header.slice(0, close + 1);
    const rest = header.slice(close + 1);
    if (rest !== '' && !rest.startsWith(':')) return null;
    port = rest === '' ? undefined : rest.slice(1);
    if (!net.isIPv6(name.slice(1, -1))) return null;
  } else {
    const colon = header.indexOf(':');
    name = colon === -1 ? header : header.slice(0, colon);
    port = colon === -1 ? undefined : header.slice(colon + 1);
  }
  if (port !== undefined && !/^\d{1,5}$/.test(port)) return null;
  name = normalizeName(name);
  return name.startsWith('[') || net.isIPv4(name) || isHostName(name) ? name : null;
}

function isIpLiteral(name: string): boolean {
  return name.startsWith('[') || net.isIPv4(name);
}

function isLocalhost(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The policy as a pure function of the `Host` value the request was sent with (Fastify's request.host: the
 * header, or the last X-Forwarded-Host when TRUST_PROXY trusts the peer that sent it).
 *
 * An empty value is accepted: HTTP/1.1 requires Host (Node answers 400 without one), and an HTTP/1.0 request
 * without Host cannot come from a browser, hence not from a rebinding page; old probes and scripts still send them.
 */
export function createHostPolicy(options: HostPolicyOptions): (host: string) => boolean {
  const anyName = options.allowedHosts.includes('*');
  const ours = new Set(options.allowedHosts.map(normalizeAllowedHost));
  ours.add(normalizeName(new URL(options.publicUrl).hostname));
  return (host) => {
    if (anyName || host === '') return true;
    const name = hostNameOf(host);
    return name !== null && (isIpLiteral(name) || isLocalhost(name) || ours.has(name));
  };
}

/** What the refusal page shows of a name it did not accept: printable ASCII only, and not too long. */
function shownName(host: string): string {
  const name = (host.startsWith('[') ? host : host.replace(/:\d*$/, '')).replace(/[^\x20-\x7e]/g, '?');
  return name.length > 100 ? `${name.slice(0, 100)}...` : name;
}

/** The plain-text page of a refused name: what to set so the name is accepted. */
export function hostRefusedText(host: string): string {
  return (
    `This server does not answer to the name '${shownName(host)}'. ` +
    'Add it to ALLOWED_HOSTS (or set PUBLIC_URL) and restart.\n'
  );
}

/**
 * The routes any name may reach: the health probes, which orchestrators call by service or container name and
 * which reveal nothing a page could use.
 */
const ANY_NAME_ROUTES = new Set(['/healthz', '/readyz']);

function reachableByAnyName(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && ANY_NAME_ROUTES.has(request.routeOptions.url ?? '');
}

/**
 * Refuses, with 421 Misdirected Request and a plain page, every request whose Host is not one of ours: API,
 * static client, uploads and 404s alike. Install it before any other onRequest hook, so nothing else (access
 * control, session lookup) runs for such a request.
 */
export function registerHostPolicy(app: FastifyInstance, options: HostPolicyOptions): void {
  const accepts = createHostPolicy(options);
  app.addHook('onRequest', async (request, reply) => {
    if (accepts(request.host) || reachableByAnyName(request)) return;
    request.log.info({ host: request.host }, 'request for a name this server does not answer to refused');
    // The other hooks (helmet's headers among them) do not run for this answer: it carries its own.
    return reply
      .code(421)
      .header('content-type', 'text/plain; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(hostRefusedText(request.host));
  });
}
