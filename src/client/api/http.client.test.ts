import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, serverMessageOr } from './api-error';
import { apiRequest, getQueryFn } from './http.client';
import { noteSessionStarted, onSessionEnded } from './session-end';

type FetchArgs = Parameters<typeof fetch>;

function stubFetch(response: Response): ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>> {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function queryContext(url: string) {
  return {
    queryKey: [url],
    signal: new AbortController().signal,
    meta: undefined,
    client: undefined as never,
  } as never;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest (SPEC section 7)', () => {
  it('sends JSON with the JSON content type and the session cookie', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/login', { username: 'a', password: 'b' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/login');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"username":"a","password":"b"}');
  });

  it('sends no body and no content type without a payload', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 200 }));
    await apiRequest('POST', '/api/logout');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeNull();
    expect(init?.headers).toEqual({});
  });

  it("raises '{status}: {body}' for a non-OK answer and keeps the server's message", async () => {
    stubFetch(new Response('{"message":"Username already exists"}', { status: 409, statusText: 'Conflict' }));
    const error = await apiRequest('POST', '/api/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Username already exists"}');
    expect((error as ApiError).status).toBe(409);
    expect(serverMessageOr(error, 'Registration failed')).toBe('Username already exists');
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = await apiRequest('GET', '/api/services').catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('502: Bad Gateway');
    expect(serverMessageOr(error, 'fallback')).toBe('fallback');
  });
});

describe('getQueryFn', () => {
  it('GETs the first query-key element with credentials and parses JSON', async () => {
    const fetchMock = stubFetch(new Response('{"id":1}', { status: 200 }));
    const result = await getQueryFn<{ id: number }>({ on401: 'throw' })(queryContext('/api/user'));
    expect(result).toEqual({ id: 1 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('turns a 401 into null when asked to', async () => {
    stubFetch(new Response('{"message":"Not authenticated"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext('/api/user'))).resolves.toBeNull();
  });

  it('raises the SPEC error for a 401 otherwise', async () => {
    stubFetch(new Response('{"message":"Not authenticated"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(getQueryFn({ on401: 'endSession' })(queryContext('/api/services'))).rejects.toThrow(
      '401: {"message":"Not authenticated"}',
    );
  });
});

describe('a 401 ends the session (SPEC section 4)', () => {
  const unauthorized = () => new Response('{"message":"Not authenticated"}', { status: 401 });
  let ended: ReturnType<typeof vi.fn<() => void>>;
  let unsubscribe: () => void;

  beforeEach(() => {
    noteSessionStarted();
    ended = vi.fn<() => void>();
    unsubscribe = onSessionEnded(ended);
  });
  afterEach(() => unsubscribe());

  it('tells the app once, however many calls of that session come back 401', async () => {
    stubFetch(unauthorized()).mockImplementation(() => Promise.resolve(unauthorized()));
    await Promise.all([
      Promise.resolve(getQueryFn({ on401: 'endSession' })(queryContext('/api/services'))).catch(() => undefined),
      apiRequest('PUT', '/api/services/1', { id: 1 }).catch(() => undefined),
      getQueryFn({ on401: 'returnNull' })(queryContext('/api/user')),
    ]);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('leaves the 401 of a sign-in or password form to that form', async () => {
    stubFetch(unauthorized());
    await expect(apiRequest('POST', '/api/login', {}, { on401: 'throw' })).rejects.toThrow('401: ');
    expect(ended).not.toHaveBeenCalled();
  });

  it('ignores a late 401 to a request sent before the current session began', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const stale = apiRequest('GET', '/api/services').catch(() => undefined);
    noteSessionStarted();
    answer(unauthorized());
    await stale;
    expect(ended).not.toHaveBeenCalled();
  });

  it('does not count other failures', async () => {
    stubFetch(new Response('{"message":"Forbidden"}', { status: 403 }));
    await apiRequest('GET', '/api/users').catch(() => undefined);
    expect(ended).not.toHaveBeenCalled();
  });
});
