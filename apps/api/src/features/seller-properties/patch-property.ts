import type { Db } from '@estately/db';
import { type PropertyFields, PropertyFieldsSchema } from '@estately/domain';
import { AppError } from '../../lib/app-error.ts';
import { assertIfMatch } from '../../lib/etag.ts';
import { validationErrors } from '../../plugins/app/error-handler.ts';
import { type Actor, loadOwnProperty } from './load-own-property.ts';
import { columnsToFields } from './property-columns.ts';
import { propertyEtag } from './property-etag.ts';
import { writeProperty } from './write-property.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** RFC 7396 merge: `null` removes a member, objects merge member by member, anything else replaces. */
export function mergePatch(target: Json | undefined, patch: Json): Json {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const base: { [key: string]: Json } =
    target !== null && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete base[key];
    else base[key] = mergePatch(base[key], value);
  }
  return base;
}

/**
 * PATCH /properties/{id} with `application/merge-patch+json`: the patch is merged into the
 * property's current fields (a top-level `null` clears the field, `contact` and
 * `flat_settings` merge key by key, arrays replace), the result validated by the shared schema
 * and written like POST /v1/property/save.
 */
export async function patchProperty(options: {
  db: Db;
  actor: Actor;
  propertyId: number;
  /** The request's If-Match (lib/etag.ts): a stale version answers 412 and changes nothing. */
  ifMatch?: string[] | '*' | null;
  patch: Record<string, Json>;
}): Promise<void> {
  const { db, actor, propertyId, patch } = options;
  await db.transaction(async (tx) => {
    const current = await loadOwnProperty(tx, propertyId, actor);
    assertIfMatch(options.ifMatch ?? null, propertyEtag(current));
    const currentFields = columnsToFields(current) as Record<string, Json>;
    const changes: Record<string, Json> = {};
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) {
        changes[key] = null;
        continue;
      }
      const merged = mergePatch(currentFields[key], value);
      // An object emptied by the patch is no value at all.
      changes[key] =
        merged !== null &&
        typeof merged === 'object' &&
        !Array.isArray(merged) &&
        Object.keys(merged).length === 0
          ? null
          : merged;
    }
    const parsed = PropertyFieldsSchema.safeParse(changes);
    if (!parsed.success) {
      throw new AppError('validation_errors', {
        errors: validationErrors(
          parsed.error.issues.map((issue) => ({
            instancePath: `/${issue.path.join('/')}`,
            keyword: issue.code,
            message: issue.message,
          })),
          'body',
        ),
      });
    }
    await writeProperty(tx, current, parsed.data as PropertyFields);
  });
}
