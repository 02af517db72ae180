/** Test child that replies with the names of the environment variables it was given. */
import { serveOnce } from '../../../src/server/lib/child-reply.ts';

await serveOnce(() => Promise.resolve({ names: Object.keys(process.env) }), { readsInput: false });
