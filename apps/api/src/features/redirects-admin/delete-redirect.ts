import { type Db, redirects } from '@estately/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

/** DELETE /admin/redirects/{id}: the path then renders (or 404s) as the site itself has it. */
export async function deleteRedirect(options: { db: Db; id: number }): Promise<void> {
  const [row] = await options.db
    .delete(redirects)
    .where(eq(redirects.id, options.id))
    .returning({ id: redirects.id });
  if (!row) throw new AppError('not_found');
}
