import { json, startChannelReceiver, type ChannelReceiver } from './channel-receiver.ts';

/**
 * An ntfy server's JSON publishing (docs.ntfy.sh/publish, "Publish as JSON"): `POST /` with `{topic, message,
 * title, priority, tags}`; answers the message as JSON. With `token` set, topics need `Authorization: Bearer
 * <token>` and refuse anything else with 403 `{"code":40301,"http":403,"error":"forbidden"}`.
 */
export async function startNtfyServer(token?: string): Promise<ChannelReceiver> {
  let next = 0;
  return startChannelReceiver((request) => {
    if (request.method !== 'POST' || request.url !== '/')
      return json(404, { code: 40401, http: 404, error: 'page not found' });
    if (token && request.headers.authorization !== `Bearer ${token}`) {
      return json(403, { code: 40301, http: 403, error: 'forbidden' });
    }
    const body = request.json as {
      topic?: unknown;
      message?: unknown;
      title?: unknown;
      priority?: unknown;
      tags?: unknown;
    };
    if (typeof body?.topic !== 'string')
      return json(400, { code: 40009, http: 400, error: 'invalid request: topic invalid' });
    next += 1;
    return json(200, {
      id: `msg${next}`,
      time: 1_900_000_000,
      expires: 1_900_043_200,
      event: 'message',
      topic: body.topic,
      title: body.title,
      message: body.message,
      priority: body.priority,
      tags: body.tags,
    });
  });
}
