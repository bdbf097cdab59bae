-- Swiss francs, Turkish lira and Serbian dinars (decision 050): the currency checks of 0001 take
-- the three new codes, in the order of CURRENCIES (packages/domain/src/currencies.ts). A database
-- that already holds exchange rates (a seeded one) gets the built-in rates of the three, as the
-- seed writes them; an empty table stays empty (the API falls back to the built-in rates).
ALTER TABLE "saved_searches" DROP CONSTRAINT IF EXISTS "saved_searches_currency_check";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_currency_check" CHECK ("saved_searches"."currency" in ('CZK', 'USD', 'EUR', 'PLN', 'GBP', 'CNY', 'JPY', 'CAD', 'AUD', 'AED', 'BAM', 'HUF', 'CHF', 'TRY', 'RSD'));--> statement-breakpoint
ALTER TABLE "price_history" DROP CONSTRAINT IF EXISTS "price_history_currency_check";--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_currency_check" CHECK ("price_history"."currency" in ('CZK', 'USD', 'EUR', 'PLN', 'GBP', 'CNY', 'JPY', 'CAD', 'AUD', 'AED', 'BAM', 'HUF', 'CHF', 'TRY', 'RSD'));--> statement-breakpoint
ALTER TABLE "properties" DROP CONSTRAINT IF EXISTS "properties_currency_check";--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_currency_check" CHECK ("properties"."currency" in ('CZK', 'USD', 'EUR', 'PLN', 'GBP', 'CNY', 'JPY', 'CAD', 'AUD', 'AED', 'BAM', 'HUF', 'CHF', 'TRY', 'RSD'));--> statement-breakpoint
ALTER TABLE "exchange_rates" DROP CONSTRAINT IF EXISTS "exchange_rates_currency_check";--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_currency_check" CHECK ("exchange_rates"."currency" in ('CZK', 'USD', 'EUR', 'PLN', 'GBP', 'CNY', 'JPY', 'CAD', 'AUD', 'AED', 'BAM', 'HUF', 'CHF', 'TRY', 'RSD'));--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_preferred_currency_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_preferred_currency_check" CHECK ("users"."preferred_currency" in ('CZK', 'USD', 'EUR', 'PLN', 'GBP', 'CNY', 'JPY', 'CAD', 'AUD', 'AED', 'BAM', 'HUF', 'CHF', 'TRY', 'RSD'));--> statement-breakpoint
INSERT INTO "exchange_rates" ("currency", "rate_to_czk", "source")
SELECT "rate"."currency", "rate"."rate_to_czk", 'default'
FROM (VALUES ('CHF', 26.1), ('TRY', 0.49), ('RSD', 0.2075)) AS "rate" ("currency", "rate_to_czk")
WHERE EXISTS (SELECT 1 FROM "exchange_rates")
ON CONFLICT ("currency") DO NOTHING;
