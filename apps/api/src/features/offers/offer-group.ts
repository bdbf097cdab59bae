import { companyProfiles, offers, properties, sellers, users } from '@estately/db';
import {
  type Currency,
  type ExchangeRates,
  type PropertyGroupOffer,
  SEARCHABLE_STATES,
  type SellerType,
} from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import { convertedPrice, parseJson } from '../offers-shared/exchange-rates.ts';

interface StoredGroupOffer {
  id: number;
  price: number | string | null;
  currency: string;
  sellerType: string;
  sellerName: string | null;
}

const SEARCHABLE = `{${SEARCHABLE_STATES.join(',')}}`;

/**
 * The detail statement's column with every visible offer of the offer's group (decision 068),
 * cheapest first, as one JSON value in the detail's round trip. Null at once for an offer alone
 * (its `group_id` is null); a group's few members are found by `offers_group_idx`. The members
 * share the offer's partition, whose counter stamps the kept detail, and their sellers' names
 * move the accounts counter: a kept detail never outlives a change of the list.
 */
export function offerGroupColumn(): SQL<StoredGroupOffer[] | string | null> {
  return sql<StoredGroupOffer[] | string | null>`(
    select json_agg(json_build_object('id', g.id, 'price', g.price, 'currency', g.currency,
        'sellerType', g.seller_type,
        'sellerName', coalesce(nullif(trim(gs.name), ''), nullif(trim(gc.name), ''),
          nullif(trim(gu.company_name), ''), nullif(trim(concat_ws(' ', gu.first_name, gu.last_name)), '')))
        order by g.price_normalized asc nulls last, g.id)
      from ${offers} g
      join ${properties} gp on gp.id = g.id
      join ${users} gu on gu.id = gp.owner_id
      left join ${sellers} gs on gs.id = gp.seller_id
      left join ${companyProfiles} gc on gc.user_id = gu.id
      where g.group_id = ${offers.groupId} and gp.state = any(${SEARCHABLE}::text[]) and gp.struck_at is null)`;
}

/** The detail's `property_group`: the stored list with each price converted into the detail's currency. */
export function offerGroupOf(
  stored: unknown,
  currency: Currency,
  rates: ExchangeRates,
): PropertyGroupOffer[] {
  const rows = parseJson<StoredGroupOffer[] | null>(stored) ?? [];
  // A group whose other offers are all off the market lists this one alone: no list then.
  if (rows.length < 2) return [];
  return rows.map((row) => {
    const original = row.price === null ? null : Number(row.price);
    const originalCurrency = row.currency as Currency;
    return {
      id: Number(row.id),
      price: original === null ? null : convertedPrice(original, originalCurrency, currency, rates),
      original_price: original,
      original_currency_iso_code: originalCurrency,
      seller_name: row.sellerName,
      seller_type: row.sellerType as SellerType,
    };
  });
}
