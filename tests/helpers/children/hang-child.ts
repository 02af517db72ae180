/** Test child that reads its input and never replies (a decoder stuck on a hostile file). */
import { serveOnce } from '../../../src/server/lib/child-reply.ts';

await serveOnce(() => new Promise<never>(() => undefined), { readsInput: true });
