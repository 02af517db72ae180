import type { QueryFunction } from '@tanstack/react-query';
import { ApiError, isNetworkError } from './api-error';
import { noteApiAnswer, noteServerUnreachable } from './network-status';
import { noteUnauthorized, sessionGeneration } from './session-end';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a 401 means for a call. `endSession` (every call that relies on the signed-in session): the session is
 * gone, so the app forgets the user and shows /auth (SPEC section 4: a 401 yields no user). `throw`: the caller
 * reads the 401 itself, as sign-in and password forms do, whose 401 is an answer about what was typed.
 */
export type On401 = 'endSession' | 'throw';

/** Throws an ApiError (SPEC section 7 message) when the answer is not OK. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  throw new ApiError(response.status, response.statusText, bodyText);
}

/**
 * fetch for the API: tells the offline notice what each answer (or failure) says about the server, and reports a
 * 401 to a call that relied on the session as the end of that session.
 */
export async function fetchApi(url: string, init: RequestInit, on401: On401 = 'endSession'): Promise<Response> {
  // A request sent before the current session began may come back 401 after it: that 401 is about the old one.
  const sentInSession = sessionGeneration();
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (isNetworkError(error)) noteServerUnreachable();
    throw error;
  }
  noteApiAnswer(response);
  if (response.status === 401 && on401 === 'endSession') noteUnauthorized(sentInSession);
  return response;
}

/** Sends one API request with the session cookie; a body goes as JSON. Non-OK answers throw ApiError. */
export async function apiRequest(
  method: Method,
  url: string,
  body?: unknown,
  { on401 = 'endSession' }: { on401?: On401 } = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetchApi(
    url,
    {
      method,
      credentials: 'include',
      headers: hasBody ? { 'Content-Type': 'application/json' } : {},
      body: hasBody ? JSON.stringify(body) : null,
    },
    on401,
  );
  await throwIfNotOk(response);
  return response;
}

/** Sends a request and parses the JSON answer as T (the shared wire types describe it). */
export async function apiJson<T>(
  method: Method,
  url: string,
  body?: unknown,
  options: { on401?: On401 } = {},
): Promise<T> {
  const response = await apiRequest(method, url, body, options);
  return (await response.json()) as T;
}

/**
 * The default query loader: GET on the first element of the query key, with credentials, parsed as JSON.
 * With `returnNull`, a 401 resolves to null instead of failing (the signed-out session is not an error); it still
 * counts as the end of a session the app believed it had.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' | On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = String(queryKey[0]);
    const on401 = options.on401 === 'throw' ? 'throw' : 'endSession';
    const response = await fetchApi(url, { credentials: 'include', signal }, on401);
    if (options.on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
