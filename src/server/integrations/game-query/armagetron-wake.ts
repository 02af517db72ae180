import dgram from 'node:dgram';
import dns from 'node:dns/promises';

/**
 * Armagetron Advanced servers ignore a "big server info" request (the one gamedig sends) unless a "small server info"
 * request came first: each small request lets about five big ones through (nServerInfo.cpp, sn_numAcceptQueries;
 * checked against Debian's armagetronad-dedicated 0.2.9). Server browsers always send the small one first, so we do
 * too. The packet is the legacy stream format: descriptor 52, message id 0, no data, sender id 17 (MAXCLIENTS + 1,
 * "not logged in").
 */
const SMALL_INFO_REQUEST = Buffer.from([0x00, 0x34, 0x00, 0x00, 0x00, 0x00, 0x00, 0x11]);

/** Sends the small info request to host:port and resolves true when the server answers within `timeoutMs`. */
export async function wakeArmagetron(host: string, port: number, timeoutMs: number): Promise<boolean> {
  let address: { address: string; family: number };
  try {
    address = await dns.lookup(host);
  } catch {
    return false;
  }
  const socket = dgram.createSocket(address.family === 6 ? 'udp6' : 'udp4');
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const finish = (answered: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      resolve(answered);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('error', () => finish(false));
    socket.on('message', (_message, from) => {
      if (from.address === address.address && from.port === port) finish(true);
    });
    socket.send(SMALL_INFO_REQUEST, port, address.address, (error) => {
      if (error) finish(false);
    });
  });
}
