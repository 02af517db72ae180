import type { Transporter } from 'nodemailer';

/** A message ready to send; `html` is already rendered and escaped by the caller. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID, so that a message sent again after a crash is recognisable as the same one. */
  messageId?: string;
}

/** Sends e-mail over SMTP. `isConfigured` is false when no SMTP host is set, and `send` then refuses. */
export interface Mailer {
  readonly isConfigured: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface SmtpConfig {
  host: string | undefined;
  port: number;
  secure: 'starttls' | 'tls' | 'none';
  user: string | undefined;
  password: string | undefined;
  from: string | undefined;
}

// Subjects go into a header: a CR or LF there could smuggle extra headers.
function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** How long the SMTP client waits before it gives up on a server (ms). */
export interface SmtpTimeouts {
  /** DNS lookup, TCP connect and greeting together. */
  connectMs: number;
  /** The server's greeting (220), once connected. */
  greetingMs: number;
  /** Silence from the server at any later point: after EHLO, MAIL FROM, RCPT TO, DATA or the message. */
  socketMs: number;
}

/**
 * Production timeouts: long enough for a slow mail server, short enough that the outbox's 5-minute claim lease
 * outlasts a whole attempt (0005).
 */
export const SMTP_TIMEOUTS: SmtpTimeouts = { connectMs: 10_000, greetingMs: 10_000, socketMs: 20_000 };

/**
 * The SMTP client (nodemailer), with bounded timeouts so a dead server never hangs a request or job. `timeouts`
 * is for tests of hanging servers; production uses SMTP_TIMEOUTS.
 */
export function createSmtpMailer(config: SmtpConfig, timeouts: SmtpTimeouts = SMTP_TIMEOUTS): Mailer {
  if (!config.host) {
    return {
      isConfigured: false,
      send: () => Promise.reject(new Error('SMTP is not configured')),
      close: () => undefined,
    };
  }
  const options = {
    host: config.host,
    port: config.port,
    secure: config.secure === 'tls',
    requireTLS: config.secure === 'starttls',
    ignoreTLS: config.secure === 'none',
    auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  };
  // nodemailer is loaded with the first message, not at start: a server that sends no mail (most of the time, or
  // never) does not hold its modules (some 6 MiB of RSS; issue 14, bounded memory).
  let transport: Promise<Transporter> | undefined;
  const from = config.from ?? (config.user?.includes('@') ? config.user : `homelab-dashboard@${config.host}`);
  return {
    isConfigured: true,
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
      await (
        await transport
      ).sendMail({
        from,
        to: mail.to,
        subject: singleLine(mail.subject),
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
      });
    },
    // A transport not yet loaded has nothing open; one that failed to load was reported by send.
    close: () =>
      void transport?.then(
        (ready) => ready.close(),
        () => undefined,
      ),
  };
}
