import { type Db, devMailbox } from '@estately/db';
import { sql } from 'drizzle-orm';
import type { MailTransport, OutgoingEmail } from './mail-transport.ts';

/**
 * The embedded default (no SMTP_URL, DESIGN 2 e-mail): "delivers" into the `dev_mailbox` table,
 * shown at GET /dev/mailbox, so a first run can complete sign-up and recovery without a mail
 * server. A job run twice (a crash before it was marked done) stores its mail once.
 */
export function createDevMailboxTransport(db: Db): MailTransport {
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
    },
    close() {},
  };
}
