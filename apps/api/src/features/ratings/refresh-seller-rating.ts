import type { DbOrTx } from '@estately/db';
import { sql } from 'drizzle-orm';

/**
 * A seller's rating after a new one (spec 5, 1.0..5.0, decision 066): the mean of the ratings of
 * its conversations, one decimal, with their count, on the owner account and, when the offer was
 * published under a seller profile, on that profile (the mean of the profile's ratings). The
 * read model's seller_rating (the rating filter) follows on every offer it names, in the same
 * transaction. A seeded rating is replaced by the real ones from the first.
 */
export async function refreshSellerRating(
  tx: DbOrTx,
  rated: { ownerId: number; sellerId: number | null },
): Promise<void> {
  await tx.execute(sql`update users u set seller_rating = r.mean, seller_rating_count = r.n
      from (select round(avg(stars)::numeric, 1) as mean, count(*)::int as n
            from seller_ratings where owner_id = ${rated.ownerId}) r
      where u.id = ${rated.ownerId}`);
  if (rated.sellerId !== null) {
    await tx.execute(sql`update sellers s set rating = r.mean, rating_count = least(r.n, 32767)
        from (select round(avg(stars)::numeric, 1) as mean, count(*)::int as n
              from seller_ratings where seller_id = ${rated.sellerId}) r
        where s.id = ${rated.sellerId} and r.n > 0`);
    await tx.execute(sql`update offers o set seller_rating = s.rating
        from sellers s where s.id = ${rated.sellerId} and o.seller_id = s.id
          and o.seller_rating is distinct from s.rating`);
  }
  // Offers without a seller profile carry the owner account's own rating.
  await tx.execute(sql`update offers o set seller_rating = u.seller_rating
      from users u where u.id = ${rated.ownerId} and o.owner_id = u.id and o.seller_id is null
        and o.seller_rating is distinct from u.seller_rating`);
}
