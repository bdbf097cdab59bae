-- Brno's 29 city districts (issue 38 defect 6): GeoNames, the gazetteer's source, has no
-- sections of Brno, so the editor's place search and the pin's reverse lookup found no city part
-- there. The seed adds them too (packages/db/src/seed/city-parts.ts, the same names, points and
-- populations); this adds them to a database seeded before, under the city with GeoNames id
-- 3078610, named alike in every locale Brno is named in (official names), slugged as the seed
-- does: the city's slug in that locale as prefix, once ("brno-kralovo-pole", "brunn-brno-…"). A database without Brno (a fresh one, a test's) gets nothing, and a
-- part already there under its name is left as it is.
CREATE TEMPORARY TABLE "brno_districts" ("name" text NOT NULL, "latitude" double precision NOT NULL, "longitude" double precision NOT NULL, "population" integer NOT NULL);--> statement-breakpoint
INSERT INTO "brno_districts" ("name", "latitude", "longitude", "population") VALUES
  ('Brno-střed', 49.1935, 16.6075, 63000),
  ('Brno-sever', 49.2155, 16.6315, 47000),
  ('Brno-Královo Pole', 49.2275, 16.5955, 30000),
  ('Brno-Líšeň', 49.2105, 16.6885, 26000),
  ('Brno-Bystrc', 49.2225, 16.5175, 24000),
  ('Brno-Žabovřesky', 49.2135, 16.5745, 21000),
  ('Brno-Židenice', 49.2005, 16.6395, 21000),
  ('Brno-Řečkovice a Mokrá Hora', 49.2495, 16.5825, 15000),
  ('Brno-Bohunice', 49.1725, 16.5795, 14000),
  ('Brno-Vinohrady', 49.2055, 16.6645, 13000),
  ('Brno-Kohoutovice', 49.1935, 16.5345, 12500),
  ('Brno-Starý Lískovec', 49.1665, 16.5625, 12000),
  ('Brno-Nový Lískovec', 49.1805, 16.5555, 12000),
  ('Brno-jih', 49.1725, 16.6255, 11000),
  ('Brno-Černovice', 49.1815, 16.6435, 7500),
  ('Brno-Komín', 49.2225, 16.5485, 7500),
  ('Brno-Medlánky', 49.2375, 16.5795, 6500),
  ('Brno-Tuřany', 49.1455, 16.6755, 5500),
  ('Brno-Slatina', 49.1765, 16.6855, 5000),
  ('Brno-Maloměřice a Obřany', 49.2275, 16.6435, 5000),
  ('Brno-Žebětín', 49.2135, 16.4855, 4900),
  ('Brno-Jundrov', 49.2085, 16.5465, 4500),
  ('Brno-Chrlice', 49.1305, 16.6475, 3800),
  ('Brno-Bosonohy', 49.1795, 16.5265, 2500),
  ('Brno-Ivanovice', 49.2595, 16.5705, 2000),
  ('Brno-Kníničky', 49.2355, 16.5365, 1100),
  ('Brno-Jehnice', 49.2705, 16.5885, 1000),
  ('Brno-Ořešín', 49.2785, 16.6085, 600),
  ('Brno-Útěchov', 49.2875, 16.6215, 600);--> statement-breakpoint
INSERT INTO "locations" ("kind", "parent_id", "country_code", "geonames_id", "population", "latitude", "longitude")
SELECT 'city_part', c."id", c."country_code", NULL, d."population", d."latitude", d."longitude"
FROM "brno_districts" d
JOIN "locations" c ON c."geonames_id" = 3078610 AND c."kind" = 'city' AND c."country_code" = 'CZ'
WHERE NOT EXISTS (
  SELECT 1 FROM "locations" p JOIN "location_names" n ON n."location_id" = p."id"
  WHERE p."parent_id" = c."id" AND p."kind" = 'city_part' AND n."name" = d."name"
)
ORDER BY d."population" DESC, d."name";--> statement-breakpoint
INSERT INTO "location_names" ("location_id", "locale", "country_code", "kind", "name", "slug", "population")
SELECT p."id", loc."locale", p."country_code", 'city_part', d."name",
  CASE WHEN own."slug" LIKE loc."slug" || '-%' THEN own."slug" ELSE loc."slug" || '-' || own."slug" END,
  d."population"
FROM "brno_districts" d
JOIN "locations" c ON c."geonames_id" = 3078610 AND c."kind" = 'city' AND c."country_code" = 'CZ'
JOIN "locations" p ON p."parent_id" = c."id" AND p."kind" = 'city_part' AND p."geonames_id" IS NULL
  AND p."latitude" = d."latitude" AND p."longitude" = d."longitude"
CROSS JOIN LATERAL (SELECT "locale", "slug" FROM "location_names" WHERE "location_id" = c."id") loc
CROSS JOIN LATERAL (
  SELECT trim(both '-' from regexp_replace(search_normalize(d."name"), '[^a-z0-9]+', '-', 'g')) AS "slug"
) own
WHERE NOT EXISTS (SELECT 1 FROM "location_names" x WHERE x."location_id" = p."id" AND x."locale" = loc."locale")
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "brno_districts";
