import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts a fake's HTTP server on a free port of 127.0.0.1 and returns its base URL. */
export async function listenLocal(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops a fake's HTTP server at once, open keep-alive connections included. */
export async function closeLocal(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
