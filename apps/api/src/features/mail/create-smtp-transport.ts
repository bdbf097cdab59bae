import nodemailer from 'nodemailer';
import { PermanentEmailError } from './email-errors.ts';
import type { MailTransport, OutgoingEmail } from './mail-transport.ts';

export interface SmtpTransportOptions {
  /** smtp:// or smtps:// URL with credentials (SMTP_URL). */
  url: string;
  /** Connection, greeting and socket timeouts; a dead server must not hold a job for long. */
  timeoutMs?: number;
}

// Reply codes that mean "this address will never take the mail" (RFC 5321 4.2.2/4.2.3): retrying
// for hours cannot help. Other failures (connection refused, 4xx, authentication) are retried:
// the server or our configuration may be fixed in the meantime.
const PERMANENT_RECIPIENT_CODES = new Set([501, 550, 551, 553]);

function isPermanentRejection(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return code === 'EENVELOPE' && responseCode !== undefined && PERMANENT_RECIPIENT_CODES.has(responseCode);
}

/** Sends through an SMTP server with nodemailer, one pooled connection reused between jobs. */
export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
  const timeout = options.timeoutMs ?? 30_000;
  const transporter = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: 1,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // Messages are built from our own templates: never let content pull in local files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    kind: 'smtp',
    async send(email: OutgoingEmail) {
      try {
        await transporter.sendMail({
          from: email.from,
          to: email.to,
          replyTo: email.replyTo,
          subject: email.subject,
          text: email.text,
          html: email.html,
          messageId: email.messageId,
          headers: email.headers,
        });
      } catch (error) {
        if (isPermanentRejection(error))
          throw new PermanentEmailError(`recipient refused: ${(error as Error).message}`, { cause: error });
        throw error;
      }
    },
    close() {
      transporter.close();
    },
  };
}
