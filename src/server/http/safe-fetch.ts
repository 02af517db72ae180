import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { guardedLookup } from './guarded-lookup.ts';
import { publicAndLanOnly, type AddressPolicy } from './ip-policy.ts';

/** Why an outbound fetch was refused or failed; `refused` means the address or scheme is not allowed. */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: 'refused' | 'too_large' | 'timeout' | 'http_status' | 'network' | 'too_many_redirects',
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  policy?: AddressPolicy;
  accept?: string;
}

export interface SafeFetchResult {
  status: number;
  contentType: string;
  body: Buffer;
  finalUrl: string;
}

/** The system resolver behind the policy: every address of the answer is checked, the checked one used. */
function checkedLookup(policy: AddressPolicy): LookupFunction {
  return guardedLookup(
    (hostname, options, callback) => dns.lookup(hostname, options, callback),
    policy,
    (hostname) => new SafeFetchError('refused', `${hostname} resolves to an address that is not allowed`),
  );
}

function checkUrl(raw: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('refused', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('refused', 'only http and https');
  if (url.username || url.password) throw new SafeFetchError('refused', 'credentials in URLs are not allowed');
  // WHATWG URL parsing already turns decimal, hex and octal IPv4 spellings into dotted form.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !policy(host)) throw new SafeFetchError('refused', `${host} is not allowed`);
  return url;
}

function requestOnce(
  url: URL,
  options: Required<SafeFetchOptions>,
  deadline: number,
): Promise<SafeFetchResult & { location?: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      reject(new SafeFetchError('timeout', 'timed out'));
      return;
    }
    const request = client.request(
      url,
      {
        method: 'GET',
        lookup: checkedLookup(options.policy),
        headers: { accept: options.accept, 'user-agent': 'HomelabDashboard/1.0' },
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          resolve({ status, contentType: '', body: Buffer.alloc(0), finalUrl: url.toString(), location });
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          request.destroy();
          reject(new SafeFetchError('too_large', 'response too large'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy(new SafeFetchError('too_large', 'response too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
            finalUrl: url.toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new SafeFetchError('timeout', 'timed out')), remaining);
    request.on('close', () => clearTimeout(timer));
    request.on('error', (error) =>
      reject(error instanceof SafeFetchError ? error : new SafeFetchError('network', error.message)),
    );
    request.end();
  });
}

/**
 * The one fetch for URLs a person typed (SSRF-safe): http(s) only, every address checked by the policy and
 * the checked address used for the connection, each redirect re-checked, body size and total time capped.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const settings: Required<SafeFetchOptions> = {
    maxRedirects: 5,
    policy: publicAndLanOnly,
    accept: '*/*',
    ...options,
  };
  const deadline = Date.now() + settings.timeoutMs;
  let url = checkUrl(rawUrl, settings.policy);
  for (let hop = 0; hop <= settings.maxRedirects; hop += 1) {
    const result = await requestOnce(url, settings, deadline);
    if (result.location === undefined) {
      if (result.status < 200 || result.status >= 300) {
        throw new SafeFetchError('http_status', `the server answered ${result.status}`);
      }
      return result;
    }
    url = checkUrl(new URL(result.location, url).toString(), settings.policy);
  }
  throw new SafeFetchError('too_many_redirects', 'too many redirects');
}
