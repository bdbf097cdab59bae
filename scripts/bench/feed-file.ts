// The OpenImmo ZIP of `npm run bench -- --only feeds` (scripts/bench/feed-import.ts): N varied
// listings (flats and houses, sale and rent, in cities of five countries with coordinates),
// each with photos drawn from the seed's photo pool (packages/db/src/seed/photo-pool.ts), one ZIP
// entry per pool image shared by many listings. The XML is generated as it is zipped and the ZIP
// streamed to disk: a feed of 10,000 listings is never held in memory. Listing n is the same in
// every file (its own random stream), so a second file re-imports unchanged and a TEIL file of
// price changes differs only in the prices. The element structure is the one the readers take
// (docs/feed-formats.md).
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { poolPhotoSvg } from '@estately/db/seed';
import sharp from 'sharp';
import yazl from 'yazl';
import { pick, seededRandom } from './lib.ts';

interface City {
  name: string;
  zip: string;
  country: string;
  currency: 'CZK' | 'EUR';
  lat: number;
  lng: number;
  streets: readonly string[];
}

const CITIES: readonly City[] = [
  {
    name: 'Praha',
    zip: '12000',
    country: 'CZE',
    currency: 'CZK',
    lat: 50.0755,
    lng: 14.4378,
    streets: ['Vinohradská', 'Korunní', 'Francouzská', 'Slezská'],
  },
  {
    name: 'Brno',
    zip: '60200',
    country: 'CZE',
    currency: 'CZK',
    lat: 49.1951,
    lng: 16.6068,
    streets: ['Údolní', 'Veveří', 'Kounicova'],
  },
  {
    name: 'Ostrava',
    zip: '70200',
    country: 'CZE',
    currency: 'CZK',
    lat: 49.8209,
    lng: 18.2625,
    streets: ['Nádražní', 'Sokolská třída'],
  },
  {
    name: 'Plzeň',
    zip: '30100',
    country: 'CZE',
    currency: 'CZK',
    lat: 49.7384,
    lng: 13.3736,
    streets: ['Americká', 'Klatovská'],
  },
  {
    name: 'Olomouc',
    zip: '77900',
    country: 'CZE',
    currency: 'CZK',
    lat: 49.5938,
    lng: 17.2509,
    streets: ['Třída Svobody', 'Palackého'],
  },
  {
    name: 'Liberec',
    zip: '46001',
    country: 'CZE',
    currency: 'CZK',
    lat: 50.7663,
    lng: 15.0543,
    streets: ['Masarykova', 'Husova'],
  },
  {
    name: 'Bratislava',
    zip: '81101',
    country: 'SVK',
    currency: 'EUR',
    lat: 48.1486,
    lng: 17.1077,
    streets: ['Obchodná', 'Štúrova'],
  },
  {
    name: 'Košice',
    zip: '04001',
    country: 'SVK',
    currency: 'EUR',
    lat: 48.7164,
    lng: 21.2611,
    streets: ['Hlavná', 'Mlynská'],
  },
  {
    name: 'Wien',
    zip: '1070',
    country: 'AUT',
    currency: 'EUR',
    lat: 48.2082,
    lng: 16.3738,
    streets: ['Neubaugasse', 'Burggasse'],
  },
  {
    name: 'Graz',
    zip: '8010',
    country: 'AUT',
    currency: 'EUR',
    lat: 47.0707,
    lng: 15.4395,
    streets: ['Herrengasse', 'Sporgasse'],
  },
  {
    name: 'Berlin',
    zip: '10115',
    country: 'DEU',
    currency: 'EUR',
    lat: 52.52,
    lng: 13.405,
    streets: ['Invalidenstraße', 'Torstraße'],
  },
  {
    name: 'Dresden',
    zip: '01067',
    country: 'DEU',
    currency: 'EUR',
    lat: 51.0504,
    lng: 13.7373,
    streets: ['Wilsdruffer Straße', 'Ostra-Allee'],
  },
];

export interface BenchFeedOptions {
  /** Listings in the file. */
  listings: number;
  /** Photos of each listing (at most `pool`). */
  photos: number;
  /** Distinct pool images in the ZIP, shared by the listings. */
  pool: number;
}

/** The ZIP entry of pool image i. */
function poolPath(index: number): string {
  return `images/pool-${String(index).padStart(3, '0')}.jpg`;
}

/** The agency's id of listing n. */
export function benchListingId(n: number): string {
  return `BENCH-${String(n).padStart(6, '0')}`;
}

/**
 * Listing n as an `<immobilie>`; `priceChange` scales its price (a TEIL file of changes). Its
 * values come from a random stream of its own, so listing n is the same in every file.
 */
function listingXml(n: number, options: BenchFeedOptions, priceChange = 1): string {
  const random = seededRandom(1_000_003 * (n + 1));
  const city = pick(random, CITIES);
  const sale = random() < 0.7;
  const house = random() < 0.25;
  const area = house ? 90 + Math.floor(random() * 160) : 25 + Math.floor(random() * 105);
  const rooms = house ? 3 + Math.floor(random() * 4) : 1 + Math.floor(random() * 5);
  const bedrooms = Math.max(1, rooms - 1);
  const totalFloors = house ? 1 + Math.floor(random() * 3) : 3 + Math.floor(random() * 10);
  const floor = house ? null : Math.floor(random() * (totalFloors + 1));
  const perMetre = city.currency === 'CZK' ? (sale ? 60_000 : 250) : sale ? 2_500 : 11;
  const raw = area * perMetre * (1 + random() * 1.2) * priceChange;
  const price = sale ? Math.round(raw / 1_000) * 1_000 : Math.round(raw / 10) * 10;
  const lat = city.lat + (random() - 0.5) * 0.08;
  const lng = city.lng + (random() - 0.5) * 0.12;
  const street = pick(random, city.streets);
  const number = 1 + Math.floor(random() * 120);
  const chosen = new Set<number>();
  const count = Math.min(options.photos, options.pool);
  while (chosen.size < count) chosen.add(Math.floor(random() * options.pool));
  const kind = house ? 'Rodinný dům' : `Byt ${rooms}+kk`;
  const photos = [...chosen]
    .map(
      (index, order) =>
        `<anhang location="EXTERN" gruppe="${order === 0 ? 'TITELBILD' : 'BILD'}"><format>jpg</format><daten><pfad>${poolPath(index)}</pfad></daten></anhang>`,
    )
    .join('');
  return [
    '<immobilie>',
    `<objektkategorie><nutzungsart WOHNEN="true" GEWERBE="false"/><vermarktungsart KAUF="${sale}" MIETE_PACHT="${!sale}"/><objektart>${house ? '<haus haustyp="EINFAMILIENHAUS"/>' : '<wohnung wohnungtyp="ETAGE"/>'}</objektart></objektkategorie>`,
    `<geo><plz>${city.zip}</plz><ort>${city.name}</ort><strasse>${street}</strasse><hausnummer>${number}</hausnummer><land iso_land="${city.country}"/><geokoordinaten breitengrad="${lat.toFixed(5)}" laengengrad="${lng.toFixed(5)}"/>${floor === null ? '' : `<etage>${floor}</etage>`}<anzahl_etagen>${totalFloors}</anzahl_etagen></geo>`,
    '<kontaktperson><name>Svobodová</name><vorname>Eva</vorname><email_direkt>eva@bench-reality.example</email_direkt><tel_durchw>+420 601 234 567</tel_durchw></kontaktperson>',
    `<preise>${sale ? `<kaufpreis>${price}</kaufpreis>` : `<kaltmiete>${price}</kaltmiete><preis_zeiteinheit zeiteinheit="MONAT"/>`}<waehrung iso_waehrung="${city.currency}"/></preise>`,
    `<flaechen><wohnflaeche>${area}</wohnflaeche><anzahl_zimmer>${rooms}</anzahl_zimmer><anzahl_schlafzimmer>${bedrooms}</anzahl_schlafzimmer><anzahl_badezimmer>${rooms > 3 ? 2 : 1}</anzahl_badezimmer></flaechen>`,
    `<freitexte><objekttitel>${kind}, ${city.name}</objekttitel><objektbeschreibung>${kind} ${area} m² v lokalitě ${street}, ${city.name}. ${sale ? 'Prodej' : 'Pronájem'} přímo od realitní kanceláře, nabídka ${benchListingId(n)}.</objektbeschreibung></freitexte>`,
    `<anhaenge>${photos}</anhaenge>`,
    sale ? '' : '<verwaltung_objekt><min_mietdauer min_dauer="MONAT">12</min_mietdauer></verwaltung_objekt>',
    `<verwaltung_techn><objektnr_extern>${benchListingId(n)}</objektnr_extern></verwaltung_techn>`,
    '</immobilie>',
  ].join('');
}

/** Pool image i as the camera's JPEG of it (as the seed renders it before its variants). */
function poolJpeg(index: number): Promise<Buffer> {
  return sharp(Buffer.from(poolPhotoSvg('estately', index)))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The document, a few hundred listings a chunk. */
async function* documentChunks(
  options: BenchFeedOptions,
  umfang: 'VOLL' | 'TEIL',
  listingsOf: Iterable<number>,
  priceChange: number,
): AsyncGenerator<Buffer> {
  yield Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<openimmo><uebertragung art="OFFLINE" umfang="${umfang}" modus="CHANGE" version="1.2.7" sendersoftware="estately-bench" senderversion="1"/><anbieter><firma>Bench Reality s.r.o.</firma><openimmo_anid>BENCH1</openimmo_anid>\n`,
  );
  let chunk: string[] = [];
  for (const n of listingsOf) {
    chunk.push(listingXml(n, options, priceChange));
    if (chunk.length === 250) {
      yield Buffer.from(`${chunk.join('\n')}\n`);
      chunk = [];
    }
  }
  yield Buffer.from(`${chunk.join('\n')}\n</anbieter></openimmo>\n`);
}

/**
 * Writes an OpenImmo ZIP to `path`: the pool images, then the XML streamed as it is generated.
 * VOLL with every listing, or TEIL with `changes` of them (spread over the feed) at another price.
 * Answers its size in bytes.
 */
export async function writeBenchFeed(
  path: string,
  options: BenchFeedOptions,
  mode: { umfang: 'VOLL' } | { umfang: 'TEIL'; changes: number },
): Promise<number> {
  const zip = new yazl.ZipFile();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  for (let index = 0; index < options.pool; index++) {
    // JPEG does not compress further.
    zip.addBuffer(await poolJpeg(index), poolPath(index), { compress: false });
  }
  const listings =
    mode.umfang === 'VOLL'
      ? Array.from({ length: options.listings }, (_, n) => n)
      : Array.from({ length: Math.min(mode.changes, options.listings) }, (_, i) =>
          Math.floor((i * options.listings) / Math.min(mode.changes, options.listings)),
        );
  const priceChange = mode.umfang === 'TEIL' ? 0.95 : 1;
  zip.addReadStream(Readable.from(documentChunks(options, mode.umfang, listings, priceChange)), 'feed.xml');
  zip.end();
  await once(out, 'finish');
  return out.bytesWritten;
}
