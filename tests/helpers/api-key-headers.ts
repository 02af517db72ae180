import type { Actor } from './actors.ts';
import type { KeyKind } from './route-access.ts';

/**
 * One Authorization header per kind of key the authorization matrix tries, made through the real API by `creator`
 * (an admin): a live key per scope, a key created then revoked, and two headers that name no key at all.
 */
export async function keyHeaders(creator: Actor): Promise<Record<KeyKind, Record<string, string>>> {
  const client = await creator.signIn();
  const create = async (scope: string) => {
    const response = await client.post<{ id: number; key: string }>('/api/api-keys', {
      name: `matrix ${scope}`,
      scopes: [scope],
    });
    if (response.status !== 201) throw new Error(`create ${scope} key: ${response.status} ${response.text}`);
    return response.body;
  };
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const revoked = await create('admin');
  const revoke = await client.delete(`/api/api-keys/${revoked.id}`);
  if (revoke.status !== 200) throw new Error(`revoke: ${revoke.status} ${revoke.text}`);
  return {
    read: bearer((await create('read')).key),
    metrics: bearer((await create('metrics')).key),
    admin: bearer((await create('admin')).key),
    revoked: bearer(revoked.key),
    malformed: { authorization: `Bearer ${revoked.key} ${revoked.key}` },
    emptyBearer: { authorization: 'Bearer' },
  };
}
