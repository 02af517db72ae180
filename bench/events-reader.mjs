// A worker thread of `npm run bench:events`: opens its share of the event streams and tells the main thread when
// a given event arrived on each of them. Several such workers read the streams in parallel, so the arrival times
// measure the server's fan-out, not one thread reading 1,000 sockets in turn. Times are absolute
// (performance.timeOrigin + performance.now()), comparable between the threads of one process.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, cookies } = workerData;
const now = () => performance.timeOrigin + performance.now();
const arrivals = cookies.map(() => Number.NaN);
let expected = '';
let waiting = 0;

function report() {
  parentPort.postMessage({ type: 'arrived', first: Math.min(...arrivals), last: Math.max(...arrivals) });
}

function open(index) {
  return new Promise((resolve, reject) => {
    let tail = '';
    const request = http.get(url, { headers: { cookie: cookies[index], accept: 'text/event-stream' }, agent: false });
    request.on('response', (response) => {
      if (response.statusCode !== 200) return reject(new Error(`GET /api/events: ${response.statusCode}`));
      response.setEncoding('utf8');
      response.once('data', () => resolve(request));
      response.on('data', (text) => {
        const at = now();
        // The event's data, e.g. {"id":1,"status":false,...}; a frame may be split between two reads.
        const seen = tail + text;
        tail = seen.slice(-64);
        if (!expected || !Number.isNaN(arrivals[index]) || !seen.includes(expected)) return;
        arrivals[index] = at;
        waiting -= 1;
        if (waiting === 0) report();
      });
    });
    request.on('error', reject);
  });
}

const requests = [];
for (let i = 0; i < cookies.length; i += 1) requests.push(await open(i));
parentPort.postMessage({ type: 'open' });
parentPort.on('message', (message) => {
  if (message.type === 'expect') {
    arrivals.fill(Number.NaN);
    waiting = cookies.length;
    expected = message.expected;
  } else if (message.type === 'close') {
    for (const request of requests) request.destroy();
    parentPort.close();
  }
});
