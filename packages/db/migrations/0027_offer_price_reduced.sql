-- The "reduced" badge of cards and the offer page (issue 39 point 12): the read model carries
-- whether the property's last price change lowered its price. `syncOfferRow` writes it with
-- every property write through `projectOfferRow` (`lastPriceChangeIsDrop`); this fills it for
-- the offers written before, by the same rule: the last entry of the price history is lower
-- than the one before in the same currency, and came once the offer was published.
ALTER TABLE "offers" ADD COLUMN "is_price_reduced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "offers" o SET "is_price_reduced" = true
  FROM (
    SELECT DISTINCT ON ("property_id") "property_id", "price", "currency", "changed_at",
        lag("price") OVER w AS "previous_price", lag("currency") OVER w AS "previous_currency"
      FROM "price_history"
      WINDOW w AS (PARTITION BY "property_id" ORDER BY "changed_at", "id")
      ORDER BY "property_id", "changed_at" DESC, "id" DESC
  ) h
  WHERE h."property_id" = o."id"
    AND h."currency" = h."previous_currency"
    AND h."price" < h."previous_price"
    AND h."changed_at" >= coalesce(o."published_at", o."activated_at");
