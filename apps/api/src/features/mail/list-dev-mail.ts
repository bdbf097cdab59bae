import { type Db, devMailbox } from '@estately/db';
import { desc } from 'drizzle-orm';

export interface DevMailSummary {
  id: number;
  to: string;
  subject: string;
  createdAt: Date;
}

/** The newest mails the dev mailbox transport stored, newest first. */
export async function listDevMail(db: Db, limit = 200): Promise<DevMailSummary[]> {
  return db
    .select({
      id: devMailbox.id,
      to: devMailbox.toAddress,
      subject: devMailbox.subject,
      createdAt: devMailbox.createdAt,
    })
    .from(devMailbox)
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(limit);
}
