/** A rendered e-mail ready to hand to a transport. */
export interface OutgoingEmail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per job (`<job-42@example.com>`), so a resend after a crash is recognisably the same mail. */
  messageId: string;
  headers: Record<string, string>;
  /** The outbox job the e-mail belongs to. */
  jobId: number;
}

/** Where e-mails go: an SMTP server (SMTP_URL) or the embedded dev mailbox. */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** The domain part of the sender (`Estately <no-reply@example.com>` -> `example.com`), for Message-IDs. */
export function senderDomain(mailFrom: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom.trim());
  return match?.[1]?.toLowerCase() ?? 'estately.localhost';
}

/** The Message-ID of the e-mail a job sends: the same on every attempt. */
export function emailMessageId(jobId: number, mailFrom: string): string {
  return `<job-${jobId}@${senderDomain(mailFrom)}>`;
}
