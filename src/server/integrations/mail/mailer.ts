import nodemailer from 'nodemailer';
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

/** The SMTP client (nodemailer), with bounded timeouts so a dead server never hangs a request or job. */
export function createSmtpMailer(config: SmtpConfig): Mailer {
  if (!config.host) {
    return {
      isConfigured: false,
      send: () => Promise.reject(new Error('SMTP is not configured')),
      close: () => undefined,
    };
  }
  const transport: Transporter = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure === 'tls',
    requireTLS: config.secure === 'starttls',
    ignoreTLS: config.secure === 'none',
    auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const from = config.from ?? (config.user?.includes('@') ? config.user : `homelab-dashboard@${config.host}`);
  return {
    isConfigured: true,
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: singleLine(mail.subject),
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
      });
    },
    close: () => transport.close(),
  };
}
