import type { Config } from '../../config.ts';
import { emailMessageId, type MailTransport } from './mail-transport.ts';
import { parseEmailPayload } from './parse-email-payload.ts';
import { renderEmail } from './render-email.ts';

export interface SendEmailJobOptions {
  transport: MailTransport;
  config: Pick<Config, 'mailFrom' | 'publicWebUrl'>;
  job: { id: number; kind: string; payload: unknown };
}

/**
 * Runs one `email.<template>` job of the outbox: checks the payload, renders the template in
 * the recipient's locale and hands it to the transport. A throw leaves the job to the worker's
 * retry (the SMTP server is down) or failure (the payload can never be sent).
 */
export async function sendEmailJob(options: SendEmailJobOptions): Promise<void> {
  const { transport, config, job } = options;
  const payload = parseEmailPayload(job.kind, job.payload);
  const rendered = renderEmail(payload, { publicWebUrl: config.publicWebUrl });
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
