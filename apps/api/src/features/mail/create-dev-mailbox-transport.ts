import { type Db, devMailbox } from '@estately/db';
import { sql } from 'drizzle-orm';
import { describeMailForConsole } from './describe-mail-for-console.ts';
import type { MailTransport, OutgoingEmail } from './mail-transport.ts';

export interface DevMailboxTransportOptions {
  /** Also hands each stored mail's recipient, subject and links here (the console of `npm start`). */
  print?: (text: string) => void;
}

/**
 * The embedded default outside production (no SMTP_URL, DESIGN 2 e-mail): "delivers" into the
 * `dev_mailbox` table, shown at GET /dev/mailbox with DEV_MAILBOX and printed by `npm start`, so
 * a first run can complete sign-up and recovery without a mail server. A job run twice (a crash
 * before it was marked done) stores its mail once.
 */
export function createDevMailboxTransport(db: Db, options: DevMailboxTransportOptions = {}): MailTransport {
  return {
    kind: 'dev-mailbox',
    async send(email: OutgoingEmail) {
      const headers: Record<string, string> = {
        'Message-ID': email.messageId,
        ...(email.replyTo ? { 'Reply-To': email.replyTo } : {}),
        ...email.headers,
      };
      await db.execute(sql`
        insert into ${devMailbox} (to_address, from_address, subject, text, html, headers, job_id)
        select ${email.to}, ${email.from}, ${email.subject}, ${email.text}, ${email.html},
               ${JSON.stringify(headers)}::jsonb, ${email.jobId}
        where not exists (select 1 from ${devMailbox} where job_id = ${email.jobId})
      `);
      options.print?.(describeMailForConsole(email));
    },
    close() {},
  };
}
