import { type Db, jobs } from '@estately/db';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { emailMessageId, type MailTransport } from './mail-transport.ts';
import { parseEmailPayload } from './parse-email-payload.ts';
import { renderEmail } from './render-email.ts';

export interface SendEmailJobOptions {
  transport: MailTransport;
  config: Pick<Config, 'mailFrom' | 'publicWebUrl'>;
  job: { id: number; kind: string; payload: unknown };
  /** The queue's database: needed for the at-most-once kinds (AT_MOST_ONCE_KINDS). */
  db?: Db;
}

/**
 * Mail kinds delivered at most once. The outbox is at least once: a worker that dies after
 * the SMTP server's 250 but before recording it leaves the job to run again. For a digest
 * of saved-search alerts a second copy is worse than a missing one (issue 11, check 13), so
 * before handing one to SMTP the job is marked (`last_error`, which a clean failure
 * overwrites with its own error and success clears); an attempt that finds the mark knows an
 * earlier one died mid-delivery and fails the job instead of sending again.
 */
export const AT_MOST_ONCE_KINDS: ReadonlySet<string> = new Set([
  'email.saved_search_alert',
  'email.favorite_alert',
]);
export const DELIVERY_STARTED_MARK =
  'delivery started by an attempt that did not finish; not sent again (at most once)';

/**
 * Runs one `email.<template>` job of the outbox: checks the payload, renders the template in
 * the recipient's locale and hands it to the transport. A throw leaves the job to the worker's
 * retry (the SMTP server is down) or failure (the payload can never be sent).
 */
export async function sendEmailJob(options: SendEmailJobOptions): Promise<void> {
  const { transport, config, job } = options;
  const payload = parseEmailPayload(job.kind, job.payload);
  const rendered = renderEmail(payload, { publicWebUrl: config.publicWebUrl });
  if (options.db && AT_MOST_ONCE_KINDS.has(job.kind)) {
    const marked = await options.db
      .update(jobs)
      .set({ lastError: DELIVERY_STARTED_MARK })
      .where(and(eq(jobs.id, job.id), or(isNull(jobs.lastError), ne(jobs.lastError, DELIVERY_STARTED_MARK))))
      .returning({ id: jobs.id });
    if (marked.length === 0) throw Object.assign(new Error(DELIVERY_STARTED_MARK), { permanent: true });
  }
  await transport.send({
    from: config.mailFrom,
    to: payload.to,
    ...(payload.replyTo ? { replyTo: payload.replyTo } : {}),
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    headers: rendered.headers,
    messageId: emailMessageId(job.id, config.mailFrom),
    jobId: job.id,
  });
}
