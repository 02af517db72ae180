import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** One received message: the SMTP envelope and the parsed mail. */
export interface ReceivedMail {
  from: string;
  to: string[];
  mail: ParsedMail;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives (integrations.md section 6). */
export interface FakeSmtp {
  port: number;
  inbox: ReceivedMail[];
  /** Resolves when the inbox holds at least `count` messages, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * Starts the SMTP peer on a free port. `onAccepted` runs right after the 250 reply to a message is written (the
 * system tests kill the sender at that moment, before it can record the mail as sent).
 */
export async function startFakeSmtp(onAccepted?: (received: ReceivedMail) => void): Promise<FakeSmtp> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const received = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            mail,
          };
          inbox.push(received);
          callback();
          onAccepted?.(received);
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A client that dies mid-session (the system tests SIGKILL the sender) resets its connection: not our error.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no smtp address');
  return {
    port: address.port,
    inbox,
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (inbox.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${inbox.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return inbox;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
