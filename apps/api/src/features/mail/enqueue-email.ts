import { type DbOrTx, jobs } from '@estately/db';
import type { Locale } from '@estately/domain';

/** E-mail templates the outbox knows; the worker renders them per locale (packages/i18n). */
export const EMAIL_TEMPLATES = ['offer_message'] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

export interface EmailJobPayload {
  template: EmailTemplate;
  /** Recipient address. */
  to: string;
  /** Language the e-mail is written in (the recipient's preferred language). */
  locale: Locale;
  /** Values the template fills in. */
  data: Record<string, unknown>;
  /** Address replies go to (e.g. the visitor who wrote to a seller). */
  replyTo?: string;
}

/**
 * Queues an e-mail in the `jobs` outbox as `email.<template>` (DESIGN 6, 7). Pass the
 * transaction of the change that causes the e-mail: the job then exists exactly when the change
 * does, and the retrying worker sends it later. Returns the job id.
 */
export async function enqueueEmail(
  db: DbOrTx,
  payload: EmailJobPayload,
  options: { dedupeKey?: string; runAt?: Date } = {},
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: `email.${payload.template}`,
      payload: { ...payload },
      dedupeKey: options.dedupeKey ?? null,
      runAt: options.runAt ?? new Date(),
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('the outbox did not return the job');
  return row.id;
}
