import type { OpenApiAnswers } from './openapi-answers.ts';
/** A JSON answer as the tests read it. */
export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the body as is (a string), without JSON encoding. */
  raw?: string;
  /** Send a multipart form (fetch sets the content type and boundary). */
  form?: FormData;
  redirect?: 'follow' | 'manual';
}

/**
 * The body as text. An event stream never ends by itself, so only its first chunk is read (the `retry:` line the
 * server sends at once) and the stream is then closed, as a client that goes away would.
 */
async function readBody(response: Response): Promise<string> {
  if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
    return response.text();
  }
  const reader = response.body.getReader();
  const first = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(first.value);
}

/** A browser-like HTTP client with one cookie jar, talking to a real listening server. */
export class TestClient {
  cookies = new Map<string, string>();

  /** `answers`: every answer is checked against the OpenAPI document, and one that breaks it fails the test. */
  constructor(
    readonly baseUrl: string,
    private readonly answers?: OpenApiAnswers,
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | FormData | undefined;
    if (options.form !== undefined) {
      body = options.form;
    } else if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body,
      redirect: options.redirect ?? 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await readBody(response);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const problem = this.answers?.problem(method, path, response.status, response.headers.get('content-type'), text);
    if (problem) throw new Error(`The answer breaks the OpenAPI document: ${problem}`);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = Record<string, unknown>>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  patch<T = Record<string, unknown>>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  put<T = Record<string, unknown>>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  delete<T = Record<string, unknown>>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  /** A second browser: same server, empty cookie jar. */
  fresh(): TestClient {
    return new TestClient(this.baseUrl, this.answers);
  }
}
