import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkPostgresReachable, postgresAddress } from './postgres-reachability.ts';

describe('postgresAddress', () => {
  it('gives host:port, never the credentials', () => {
    expect(postgresAddress('postgres://u:secret@db.lan:6543/homelab')).toBe('db.lan:6543');
    expect(postgresAddress('postgres://u:secret@db.lan/homelab')).toBe('db.lan:5432');
    expect(postgresAddress('postgres:///homelab?host=/run/postgresql')).toBe('/run/postgresql:5432');
  });
});

describe('checkPostgresReachable', () => {
  it('names the server it could not reach and the reason, without the password', async () => {
    // A port that was free a moment ago: the connection is refused.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const check = checkPostgresReachable(`postgres://homelab:pa55word@127.0.0.1:${port}/homelab`);
    await expect(check).rejects.toThrow(
      `Could not connect to the PostgreSQL server given by DATABASE_URL (127.0.0.1:${port}): connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    await expect(check).rejects.not.toThrow(/pa55word/);
  });
});
