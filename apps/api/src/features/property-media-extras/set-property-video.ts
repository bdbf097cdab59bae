import { type Db, properties } from '@estately/db';
import { type PropertyVideo, parseVideoUrl, propertyVideoOf } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, loadOwnProperty } from '../seller-properties/load-own-property.ts';

/**
 * PUT /properties/{id}/video: sets the property's video from a YouTube or Vimeo link, or removes
 * it (null or an empty link). Only the provider and the video id are kept (issue 38 point 13);
 * any other link, a lookalike host or another scheme answers 422 `validation.invalid_video_url`
 * on `url` and changes nothing. The offer page's cached detail follows (the properties row
 * changes, migration 0014's counters move).
 */
export async function setPropertyVideo(options: {
  db: Db;
  actor: Actor;
  propertyId: number;
  url: string | null;
}): Promise<PropertyVideo | null> {
  const { db, actor, propertyId } = options;
  const text = options.url?.trim() ?? '';
  const video = text === '' ? null : parseVideoUrl(text);
  return db.transaction(async (tx) => {
    await loadOwnProperty(tx, propertyId, actor);
    if (text !== '' && video === null) {
      throw new AppError('validation_errors', { errors: { url: ['validation.invalid_video_url'] } });
    }
    await tx
      .update(properties)
      .set({ videoProvider: video?.provider ?? null, videoId: video?.id ?? null, updatedAt: sql`now()` })
      .where(eq(properties.id, propertyId));
    return video ? propertyVideoOf(video.provider, video.id) : null;
  });
}
