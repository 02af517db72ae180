// The benchmarks' check target: a fast keep-alive HTTP server on 127.0.0.1 (200 "ok" on every path), in its own
// process so its CPU is not counted against the measured server. Prints its port on the first line of stdout.
// It also remembers when each path was last requested, so bench:kuma counts both servers' checks by the same
// outside observer instead of by each one's own database: an IPC message `{ id, since }` is answered with
// `{ id, total, pathsSince }` (requests so far, and distinct paths requested at or after `since`, in ms).
import http from 'node:http';

const lastHit = new Map();
let total = 0;

const server = http.createServer((request, response) => {
  total += 1;
  lastHit.set(request.url, Date.now());
  response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
  response.end('ok');
});
// Like nginx's 75 s: idle connections outlive a 20-30 s check interval, so the checkers' pools reuse them.
server.keepAliveTimeout = 75_000;
server.headersTimeout = 80_000;
server.maxRequestsPerSocket = 0;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('message', (message) => {
  let pathsSince = 0;
  for (const at of lastHit.values()) if (at >= message.since) pathsSince += 1;
  process.send?.({ id: message.id, total, pathsSince });
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
