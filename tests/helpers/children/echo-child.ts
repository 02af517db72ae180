/** Test child for lib/child-process.ts: replies with the bytes it was sent, reversed; anything else is an error. */
import { serveOnce } from '../../../src/server/lib/child-reply.ts';

await serveOnce<{ reversed: Uint8Array }>(
  (input) => {
    if (!(input instanceof Uint8Array)) return Promise.reject(new Error('expected bytes'));
    return Promise.resolve({ reversed: Uint8Array.from(input).reverse() });
  },
  { readsInput: true },
);
