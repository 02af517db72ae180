// The benchmark's target: a fast keep-alive HTTP server on 127.0.0.1, in its own process so its CPU is not
// counted against the monitor. Prints its port on the first line of stdout.
import http from 'node:http';

const server = http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
  response.end('ok');
});
// Like nginx's 75 s: idle connections outlive a 30 s check interval, so the monitor's pools reuse them.
server.keepAliveTimeout = 75_000;
server.headersTimeout = 80_000;
server.maxRequestsPerSocket = 0;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
