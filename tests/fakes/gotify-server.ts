import { json, startChannelReceiver, type ChannelReceiver } from './channel-receiver.ts';

/**
 * A Gotify server's `POST /message` (gotify.net API): the application token in `X-Gotify-Key` (or `?token=`),
 * body `{title, message, priority}`; answers the stored message, or 401 with Gotify's error object.
 */
export async function startGotifyServer(token: string): Promise<ChannelReceiver> {
  let next = 0;
  return startChannelReceiver((request) => {
    const url = new URL(request.url, 'http://fake');
    if (request.method !== 'POST' || url.pathname !== '/message') {
      return json(404, { error: 'Not Found', errorCode: 404, errorDescription: 'page not found' });
    }
    const given = request.headers['x-gotify-key'] ?? url.searchParams.get('token');
    if (given !== token) {
      return json(401, {
        error: 'Unauthorized',
        errorCode: 401,
        errorDescription: 'you need to provide a valid access token or user credentials to access this api',
      });
    }
    const body = request.json as { title?: unknown; message?: unknown; priority?: unknown };
    if (typeof body?.message !== 'string' || body.message === '') {
      return json(400, { error: 'Bad Request', errorCode: 400, errorDescription: "Field 'message' is required" });
    }
    next += 1;
    return json(200, {
      id: next,
      appid: 1,
      message: body.message,
      title: body.title,
      priority: body.priority,
      date: '2030-01-01T00:00:00Z',
    });
  });
}
