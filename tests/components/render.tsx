import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '../../src/client/api/query-client';
import { SETTINGS_QUERY_KEY, type SiteSettings } from '../../src/client/api/session.queries';
import { Toaster } from '../../src/client/components/ui/toaster';
import { DEFAULT_SITE_SETTINGS } from '../../src/client/hooks/use-site-settings';

/**
 * Renders a piece of the client as the app does: its own query client (the app's defaults) with the site settings
 * already loaded, a router on an in-memory location, and the toaster. `history` lists the paths visited.
 */
export function renderInApp(
  ui: ReactElement,
  options: {
    path?: string;
    settings?: Partial<SiteSettings>;
    /** Adjusts the query client before anything renders (e.g. no delay between a query's retries). */
    configure?: (queryClient: QueryClient) => void;
  } = {},
) {
  const queryClient = createQueryClient();
  options.configure?.(queryClient);
  queryClient.setQueryData(SETTINGS_QUERY_KEY, { ...DEFAULT_SITE_SETTINGS, ...options.settings });
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        {ui}
        <Toaster />
      </Router>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, history: location.history };
}

/** One API request as the stubbed fetch saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Replaces fetch (the client always calls it with a path string): `answer` gives each request's status and JSON
 * body; the returned list records what was sent.
 */
export function stubApi(answer: (request: SeenRequest) => { status: number; body: unknown }) {
  const requests: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const text = typeof init?.body === 'string' ? init.body : null;
      const sent: unknown = text === null ? null : JSON.parse(text);
      const request = { method: init?.method ?? 'GET', url: input, body: sent };
      requests.push(request);
      const { status, body } = answer(request);
      return Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
  return requests;
}
