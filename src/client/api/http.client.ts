import type { QueryFunction } from '@tanstack/react-query';
import { noteApiAnswer, noteServerUnreachable } from './network-status';
import { ApiError, isNetworkError } from './api-error';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Throws an ApiError (SPEC section 7 message) when the answer is not OK. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  throw new ApiError(response.status, response.statusText, bodyText);
}

/** fetch for the API, telling the offline notice what each answer (or failure) says about the server. */
async function fetchApi(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (isNetworkError(error)) noteServerUnreachable();
    throw error;
  }
  noteApiAnswer(response);
  return response;
}

/** Sends one API request with the session cookie; a body goes as JSON. Non-OK answers throw ApiError. */
export async function apiRequest(method: Method, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetchApi(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : null,
  });
  await throwIfNotOk(response);
  return response;
}

/** Sends a request and parses the JSON answer as T (the shared wire types describe it). */
export async function apiJson<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (await response.json()) as T;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default query loader: GET on the first element of the query key, with credentials, parsed as JSON.
 * With `returnNull`, a 401 resolves to null instead of failing (the signed-out session is not an error).
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = String(queryKey[0]);
    const response = await fetchApi(url, { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
