import type { properties } from '@estately/db';
import { strongEtag } from '../../lib/etag.ts';

type PropertyRow = typeof properties.$inferSelect;

/**
 * The version of a property its owner edits, as a strong ETag (issue 11 item 10): a digest of
 * every column of the row except `updated_at` and `has_floor_plan`, which photo uploads,
 * reorders and deletions touch. So the tag changes with every change of a field, the state, a
 * strike or a verification, and not when photos (their own resources) change; two reads of
 * one version give one tag on PGlite and PostgreSQL alike. A write that changes nothing keeps
 * the tag, which is right: the version the client read is still the current one.
 */
export function propertyEtag(row: PropertyRow): string {
  const { updatedAt: _updatedAt, hasFloorPlan: _hasFloorPlan, ...fields } = row;
  return strongEtag(
    `p${row.id}`,
    Object.keys(fields)
      .sort()
      .map((key) => [key, fields[key as keyof typeof fields]]),
  );
}
