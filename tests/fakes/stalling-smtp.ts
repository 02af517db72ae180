import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * Where the server goes silent: before its greeting (it accepts the connection and never says 220), after the
 * client's MAIL FROM (no reply to it), or after the message's final "." (never accepts or refuses it).
 */
export type StallPoint = 'greeting' | 'mail-from' | 'data';

/** An SMTP server on 127.0.0.1 that stops answering at one point of the conversation and never resumes. */
export interface StallingSmtp {
  port: number;
  /** TCP connections accepted so far. */
  readonly connections: number;
  /** Command verbs received, in order (EHLO, MAIL, RCPT, DATA, ...). */
  readonly commands: string[];
  /** Messages received completely (final "." seen) and left without an answer. */
  readonly messagesLeftHanging: number;
  close(): Promise<void>;
}

/**
 * Starts a minimal hand-written SMTP server (plain text, no extensions) that stalls at `stallAt`. The point of
 * writing it by hand is that it can be silent where a real SMTP server library always answers.
 */
export async function startStallingSmtp(stallAt: StallPoint): Promise<StallingSmtp> {
  const sockets = new Set<net.Socket>();
  const commands: string[] = [];
  let connections = 0;
  let messagesLeftHanging = 0;

  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    if (stallAt !== 'greeting') reply('220 stalling.test ESMTP');
    let buffer = '';
    let inData = false;
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line !== '.') continue;
          inData = false;
          messagesLeftHanging += stallAt === 'data' ? 1 : 0;
          if (stallAt !== 'data') reply('250 queued');
          continue;
        }
        const verb = (line.split(' ')[0] ?? '').toUpperCase();
        commands.push(verb);
        switch (verb) {
          case 'EHLO':
          case 'HELO':
            reply('250 stalling.test');
            break;
          case 'MAIL':
            if (stallAt !== 'mail-from') reply('250 sender ok');
            break;
          case 'RCPT':
            reply('250 recipient ok');
            break;
          case 'DATA':
            inData = true;
            reply('354 end with <CRLF>.<CRLF>');
            break;
          case 'RSET':
          case 'NOOP':
            reply('250 ok');
            break;
          case 'QUIT':
            reply('221 bye');
            socket.end();
            break;
          default:
            reply('502 command not implemented');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    commands,
    get messagesLeftHanging() {
      return messagesLeftHanging;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
