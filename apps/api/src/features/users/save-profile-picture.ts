import { randomBytes } from 'node:crypto';
import { type Db, users } from '@estately/db';
import { type MediaStorage, putAll } from '@estately/db/storage';
import type { CurrentUser } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { renderProfilePicture } from './render-profile-picture.ts';
import { currentUserColumns, ownProfilePictureKeys, toCurrentUser } from './user-view.ts';

export interface SaveProfilePictureOptions {
  db: Db;
  storage: MediaStorage;
  userId: number;
  /** The uploaded file as received (size already limited by the route). */
  image: Buffer;
  /** Told about files that could not be deleted (they are orphans then, not errors of the request). */
  onCleanupError?: (error: unknown, key: string) => void;
}

async function deleteKeys(storage: MediaStorage, keys: string[], onError?: (e: unknown, k: string) => void) {
  await Promise.all(keys.map((key) => storage.delete(key).catch((error: unknown) => onError?.(error, key))));
}

/**
 * POST /v1/user/save-profile-picture (spec 7): checks and renders the picture (see
 * render-profile-picture.ts), stores its variants under a new key (a stored file never changes,
 * so caches may keep it for a year), points the account at it and deletes the previous
 * picture's files. The files are written before the row and the old ones deleted after it,
 * so a failure at any step leaves the account with a complete picture, old or new.
 */
export async function saveProfilePicture(options: SaveProfilePictureOptions): Promise<CurrentUser> {
  const { db, storage, userId, onCleanupError } = options;
  const variants = await renderProfilePicture(options.image, `user:${userId}`);

  const dir = `avatars/${userId}/${randomBytes(10).toString('hex')}`;
  const files = variants.map((variant) => ({
    key: `${dir}/${variant.edge}.webp`,
    data: variant.data,
    contentType: 'image/webp',
  }));
  const keys = files.map((file) => file.key);
  const path = `${dir}/512.webp`;
  try {
    await putAll(storage, files);
  } catch (error) {
    await deleteKeys(storage, keys, onCleanupError);
    throw error;
  }

  let previous: string | null = null;
  let user: CurrentUser;
  try {
    user = await db.transaction(async (tx) => {
      const [old] = await tx
        .select({ path: users.profilePicturePath })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!old) throw new AppError('unauthorized');
      previous = old.path;
      const [row] = await tx
        .update(users)
        .set({ profilePicturePath: path, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning(currentUserColumns);
      if (!row) throw new AppError('unauthorized');
      return toCurrentUser(row, storage);
    });
  } catch (error) {
    await deleteKeys(storage, keys, onCleanupError);
    throw error;
  }
  if (previous && previous !== path)
    await deleteKeys(storage, ownProfilePictureKeys(previous, userId), onCleanupError);
  return user;
}
