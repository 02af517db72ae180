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

/** Starts the SMTP peer on a free port. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
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
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            mail,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
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
