import { describe, it } from 'vitest';
import { sigtermUnderLoad } from './sigterm-under-load.ts';

// Issue 15 on SQLite; the same scenario on PostgreSQL is shutdown.pg.system.ts, run where the lane has a cluster.
describe('SIGTERM under load', () => {
  it('on SQLite: exits 0 within the limit and keeps every acknowledged write', async () => {
    await sigtermUnderLoad({});
  });
});
