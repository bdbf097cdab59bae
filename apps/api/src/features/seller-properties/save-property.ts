import { type Db, type DbOrTx, properties, users } from '@estately/db';
import type { PropertyFields, SavePropertyBody } from '@estately/domain';
import { count, eq } from 'drizzle-orm';
import { type AccountLimits, limitFor } from '../../lib/account-limits.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertIfMatch } from '../../lib/etag.ts';
import { type Actor, loadOwnProperty } from './load-own-property.ts';
import { propertyEtag } from './property-etag.ts';
import { writeProperty } from './write-property.ts';

/** The three values a property row cannot exist without; a draft needs nothing else. */
const CREATE_REQUIRED = ['offer_type', 'property_type', 'country_code'] as const;

/**
 * A new draft owned by `ownerId` (under its seller profile, if any), written by writeProperty,
 * in the caller's transaction: 422 `validation.too_many_properties` beyond the account's limit.
 * `id` is an id reserved from the sequence beforehand (a feed stores a listing's photo files
 * under it before the transaction, docs/decisions/062).
 */
export async function createDraftProperty(
  tx: DbOrTx,
  options: {
    ownerId: number;
    fields: PropertyFields;
    limits: Pick<AccountLimits, 'properties'>;
    id?: number;
  },
): Promise<number> {
  const { ownerId, fields } = options;
  // The owner's row is locked, so two creates at once cannot both take the account's last place.
  const [owner] = await tx
    .select({ sellerId: users.sellerId, accountType: users.accountType })
    .from(users)
    .where(eq(users.id, ownerId))
    .for('update');
  const [held] = await tx.select({ n: count() }).from(properties).where(eq(properties.ownerId, ownerId));
  if ((held?.n ?? 0) >= limitFor(options.limits.properties, owner?.accountType)) {
    throw new AppError('validation_errors', { errors: { property: ['validation.too_many_properties'] } });
  }
  const [created] = await tx
    .insert(properties)
    .values({
      ...(options.id === undefined ? {} : { id: options.id }),
      ownerId,
      sellerId: owner?.sellerId ?? null,
      state: 'draft',
      offerType: fields.offer_type as string,
      propertyType: fields.property_type as string,
      countryCode: fields.country_code as string,
    })
    .returning();
  if (!created) throw new AppError('internal_error');
  await writeProperty(tx, created, fields);
  return created.id;
}

/**
 * POST /v1/property/save (spec 7): without `id` creates a draft owned by the caller (under the
 * caller's seller profile, if any); with `id` updates that property like a merge of the given
 * fields. One transaction: the row, its price history and its offers row change together.
 * Returns the property id.
 */
export async function saveProperty(options: {
  db: Db;
  actor: Actor;
  body: SavePropertyBody;
  /** The request's If-Match for an update (lib/etag.ts); a stale version answers 412. */
  ifMatch?: string[] | '*' | null;
  /** Properties per account (drafts included): a create beyond answers 422 `validation.too_many_properties`. */
  limits: Pick<AccountLimits, 'properties'>;
}): Promise<number> {
  const { db, actor } = options;
  const { id, ...fields } = options.body;
  return db.transaction(async (tx) => {
    if (id !== undefined) {
      const current = await loadOwnProperty(tx, id, actor);
      assertIfMatch(options.ifMatch ?? null, propertyEtag(current));
      await writeProperty(tx, current, fields);
      return id;
    }
    const missing = CREATE_REQUIRED.filter((field) => fields[field] === undefined);
    if (missing.length > 0) {
      throw new AppError('validation_errors', {
        errors: Object.fromEntries(missing.map((field) => [field, ['validation.required']])),
      });
    }
    return createDraftProperty(tx, { ownerId: actor.id, fields, limits: options.limits });
  });
}
