import { type Db, devMailbox } from '@estately/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

export type DevMail = typeof devMailbox.$inferSelect;

/** One mail of the dev mailbox; not_found when there is none with that id. */
export async function getDevMail(db: Db, id: number): Promise<DevMail> {
  const [mail] = await db.select().from(devMailbox).where(eq(devMailbox.id, id));
  if (!mail) throw new AppError('not_found');
  return mail;
}
