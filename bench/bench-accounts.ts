import { Pool } from 'undici';

/** The first account of a fresh server (it becomes the superadmin). */
export const BENCH_ADMIN = { username: 'bench', email: 'bench@example.test', password: 'bench-password-1' };

/** The `cookie` header value of a response's Set-Cookie lines. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ');
}

/** Signs up the first account on a fresh server and returns its session cookie. */
export async function signUpFirstAccount(baseUrl: string): Promise<string> {
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  return cookieHeader(registered);
}

export interface ServicesToCreate {
  count: number;
  /** Each service checks `${targetUrl}/health/<n>`. */
  targetUrl: string;
  refreshInterval: number;
  /** Creations in flight at once. */
  clients?: number;
  /** Fields beyond name, url and refreshInterval for the n-th service (1-based). */
  extra?: (index: number) => Record<string, unknown>;
}

/** Creates services named "Service 0001"... through POST /api/services, as an admin would. */
export async function createServices(baseUrl: string, cookie: string, wanted: ServicesToCreate): Promise<void> {
  const clients = wanted.clients ?? 10;
  const pool = new Pool(baseUrl, { connections: clients });
  let next = 0;
  const createOne = async (index: number) => {
    const response = await pool.request({
      method: 'POST',
      path: '/api/services',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Service ${String(index).padStart(4, '0')}`,
        url: `${wanted.targetUrl}/health/${index}`,
        refreshInterval: wanted.refreshInterval,
        ...wanted.extra?.(index),
      }),
    });
    const text = await response.body.text();
    if (response.statusCode !== 201) throw new Error(`create service: ${response.statusCode} ${text}`);
  };
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < wanted.count) await createOne((next += 1));
      }),
    );
  } finally {
    await pool.close();
  }
}
