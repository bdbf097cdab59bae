import { type DbOrTx, properties, type ScamFlagRow, scamFlags } from '@estately/db';
import {
  hasNewScamReasons,
  offerScamVerdict,
  SCAM_BURST_MAX_ACCOUNT_DAYS,
  SCAM_FLOOD_OFFERS,
  type ScamVerdict,
  SEARCHABLE_STATES,
} from '@estately/domain';
import { and, desc, eq, ne, sql } from 'drizzle-orm';

interface OfferFacts {
  state: string;
  owner_id: number | string;
  description: string | null;
  price_normalized: number | string | null;
  useful_area_meters: number | string | null;
  price_variant: string | null;
  offer_type: string;
  rent_price_period: string | null;
  median_per_m2: number | string | null;
  median_offers: number | string | null;
  other_sellers_offers: number | string;
  account_age_days: number | string;
  account_verified: boolean;
  offers_last_day: number | string;
}

/**
 * What the offer rules read, in one statement of indexed look-ups: the offer's own values (its
 * base-currency price from the read model), the locality median kept by the daily job (migration
 * 0034), the other accounts' offers that hold a photo with the same bytes and existed before this
 * one (the copy is the newer offer: the seller whose photos were taken is not flagged), and the
 * account's age and offers of the last day.
 */
export function offerFactsStatement(propertyId: number) {
  return sql`
    select p.state, p.owner_id, p.description, o.price_normalized, o.useful_area_meters,
      coalesce(o.price_variant, p.price_variant) as price_variant, p.offer_type, p.rent_price_period,
      lm.median_per_m2, lm.offers as median_offers,
      -- Another account's rows, as the two ranges of owners either side of the offer's own in
      -- the hash-and-owner index (migration 0044): an agency's own rows with the same bytes (its
      -- logo on every listing) are not read.
      (select count(*) from (select distinct other.id from property_media mine
         cross join lateral (
           (select theirs.property_id from property_media theirs
             where theirs.content_hash = mine.content_hash and theirs.owner_id < p.owner_id)
           union all
           (select theirs.property_id from property_media theirs
             where theirs.content_hash = mine.content_hash and theirs.owner_id > p.owner_id)
         ) theirs
         join properties other on other.id = theirs.property_id
         where mine.property_id = p.id and mine.content_hash is not null
           and other.created_at < p.created_at limit 10) copied) as other_sellers_offers,
      extract(epoch from now() - u.created_at) / 86400 as account_age_days,
      u.verified as account_verified,
      -- Only a new unverified account is counted, and only up to the flood's count: an agency's
      -- feed of thousands of listings costs no count per listing.
      case when u.verified or u.created_at < now() - make_interval(days => ${SCAM_BURST_MAX_ACCOUNT_DAYS}) then 0
        else (select count(*) from (select 1 from properties mine where mine.owner_id = p.owner_id
          and mine.created_at > now() - interval '1 day' limit ${SCAM_FLOOD_OFFERS}) recent) end as offers_last_day
    from properties p
    join users u on u.id = p.owner_id
    left join offers o on o.id = p.id
    left join locality_price_medians lm on lm.country_code = p.country_code and lm.city = p.city
      and lm.offer_type = p.offer_type and lm.property_type = p.property_type
    where p.id = ${propertyId}`;
}

async function offerFacts(tx: DbOrTx, propertyId: number): Promise<OfferFacts | undefined> {
  const result = await tx.execute(offerFactsStatement(propertyId));
  return (result as unknown as { rows: OfferFacts[] }).rows[0];
}

const num = (value: number | string | null) => (value === null ? null : Number(value));

/** The offer rules' verdict on what is stored now. */
export function offerVerdict(facts: OfferFacts): ScamVerdict {
  // The medians are of monthly rents (migration 0034): another period has no reference.
  const comparable = facts.offer_type !== 'rent' || (facts.rent_price_period ?? 'month') === 'month';
  const median = num(facts.median_per_m2);
  return offerScamVerdict({
    description: facts.description,
    price: {
      priceNormalized: comparable ? num(facts.price_normalized) : null,
      usefulAreaMeters: num(facts.useful_area_meters),
      priceVariant: facts.price_variant ?? 'fixed',
      median: median === null ? null : { perM2: median, offers: Number(facts.median_offers ?? 0) },
    },
    otherSellersOffers: Number(facts.other_sellers_offers),
    account: {
      accountAgeDays: Number(facts.account_age_days),
      accountVerified: facts.account_verified,
      offersLastDay: Number(facts.offers_last_day),
    },
  });
}

async function latestOfferFlag(tx: DbOrTx, propertyId: number): Promise<ScamFlagRow | undefined> {
  const [row] = await tx
    .select()
    .from(scamFlags)
    .where(and(eq(scamFlags.propertyId, propertyId), eq(scamFlags.subject, 'offer')))
    .orderBy(desc(scamFlags.createdAt), desc(scamFlags.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Runs the offer rules when a public offer (active or reserved) is saved, published or given a
 * photo, inside the caller's transaction (docs/decisions/067). A verdict at the flag threshold
 * opens a review in the admins' queue, or updates the open one; at the hold threshold the offer
 * is held: struck by the system (struck_at, no admin, no reason) with held_for_review_at, so the
 * visibility trigger takes it out of search in this same transaction. A held offer stays held
 * until an admin decides, whatever later saves find; a released one is flagged again only for a
 * reason the admin has not seen. Drafts and offers out of search are not reviewed: the review
 * happens when they are published.
 */
export async function reviewOfferScams(tx: DbOrTx, propertyId: number): Promise<ScamVerdict | null> {
  const facts = await offerFacts(tx, propertyId);
  if (!facts || !(SEARCHABLE_STATES as readonly string[]).includes(facts.state)) return null;
  const verdict = offerVerdict(facts);
  if (!verdict.flagged) return verdict;
  const latest = await latestOfferFlag(tx, propertyId);
  let held = verdict.held;
  if (latest?.status === 'open') {
    held = held || latest.held;
    await tx
      .update(scamFlags)
      .set({ score: verdict.score, reasons: verdict.reasons, held, updatedAt: sql`now()` })
      .where(eq(scamFlags.id, latest.id));
  } else if (
    latest?.status === 'rejected' ||
    (latest && !hasNewScamReasons(verdict.reasons, latest.reasons))
  ) {
    // Rejected offers are struck already; released ones were seen with these reasons.
    return verdict;
  } else {
    await tx.insert(scamFlags).values({
      subject: 'offer',
      propertyId,
      authorUserId: Number(facts.owner_id),
      score: verdict.score,
      reasons: verdict.reasons,
      held,
    });
  }
  if (held) {
    await tx
      .update(properties)
      .set({
        heldForReviewAt: sql`coalesce(${properties.heldForReviewAt}, now())`,
        struckAt: sql`coalesce(${properties.struckAt}, now())`,
      })
      .where(and(eq(properties.id, propertyId), ne(properties.state, 'draft')));
  }
  return verdict;
}
