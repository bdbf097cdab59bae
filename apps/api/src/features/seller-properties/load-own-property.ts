import { type DbOrTx, properties } from '@estately/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

export interface Actor {
  id: number;
  isAdmin: boolean;
}

/**
 * The property an actor may change, locked for the rest of the transaction. Another user's
 * property answers 404 like an unknown one, so ids cannot be probed (issue 7 ownership);
 * admins may act on any property.
 */
export async function loadOwnProperty(tx: DbOrTx, propertyId: number, actor: Actor) {
  const [row] = await tx.select().from(properties).where(eq(properties.id, propertyId)).for('update');
  if (!row || (row.ownerId !== actor.id && !actor.isAdmin)) throw new AppError('not_found');
  return row;
}

/** The id in a path, or null when it cannot name a row. */
export function parseId(value: string | number): number | null {
  const text = String(value);
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

export function requireId(value: string | number): number {
  const id = parseId(value);
  if (id === null) throw new AppError('not_found');
  return id;
}
