import {
  type BuildingType,
  COUNTRY_CODES,
  type CountryCode,
  CURRENCIES,
  type Disposition,
  type EnergyClass,
  type FeedPhotoFailure,
  type Furnishing,
  type HeatingType,
  isLocale,
  LOCALES,
  type Locale,
  type OfferType,
  type OtherParam,
  type ParkingType,
  type PropertyContact,
  type PropertyField,
  type PropertyFields,
  type PropertyType,
  type Reconstruction,
  type RentPricePeriod,
  type RoomType,
  type Tag,
} from '@estately/domain';
import type { FeedListing, FeedPhotoSource, FeedProblem } from '../feed-listing.ts';
import { notANumber, parseFeedNumber, reportValue, unmapped } from './feed-values.ts';
import { attribute, find, findAll, isTrue, textAt, trueFlags, type XmlNode } from './xml-node.ts';

// The OpenImmo 1.2.7 mapping (issue 42), one row per field of ours: which elements and
// attributes of an `<immobilie>` it reads, how their values map onto our value sets, and the
// function that does it. The reader applies the rows in order; docs/feed-formats.md prints
// them; the tests prove each row. Element and attribute names follow the public OpenImmo
// libraries and sample feeds (the XSD itself is not ours to ship). A value without an
// equivalent is reported as `unmapped_value` on the listing, never dropped in silence.

/** What the mapping needs besides the listing: the feed's attachments and its language. */
export interface OpenImmoContext {
  /**
   * The ZIP entry an attachment path (`<daten><pfad>`) names, or why there is none: a plain
   * XML feed holds no files, a ZIP may lack the entry, a path may climb out (`../`).
   */
  resolveAttachment(path: string): { entry: string } | { failure: FeedPhotoFailure };
  defaultLocale: Locale;
}

/** What a row reads from one listing: a value (absent when the feed has none) and problems. */
export interface Mapped<V> {
  value?: V;
  problems?: FeedProblem[];
}

type TargetValues = Required<PropertyFields> & {
  external_id: string;
  action: FeedListing['action'];
  photos: FeedPhotoSource[];
};
export type OpenImmoTarget = keyof TargetValues;

export interface OpenImmoMappingRow<T extends OpenImmoTarget = OpenImmoTarget> {
  /** Our field (or the listing's id, action and photos). */
  target: T;
  /** Paths below `<immobilie>`; `@name` is an attribute, `*` any child element. */
  reads: readonly string[];
  /** OpenImmo value -> ours; null: no equivalent, reported as `unmapped_value`. */
  values?: Readonly<Record<string, string | null>>;
  /** How the value is made, for the docs. */
  rule: string;
  read(listing: XmlNode, context: OpenImmoContext): Mapped<TargetValues[T]>;
}

function row<T extends OpenImmoTarget>(definition: OpenImmoMappingRow<T>): OpenImmoMappingRow<T> {
  return definition;
}

// --- value maps -------------------------------------------------------------------------

export const VERMARKTUNGSART: Readonly<Record<string, OfferType | null>> = {
  KAUF: 'sale',
  MIETE_PACHT: 'rent',
  ERBPACHT: null,
  LEASING: null,
};

export const OBJEKTART: Readonly<Record<string, PropertyType | null>> = {
  wohnung: 'apartment',
  haus: 'house',
  zimmer: null,
  grundstueck: null,
  buero_praxen: null,
  einzelhandel: null,
  gastgewerbe: null,
  hallen_lager_prod: null,
  land_und_forstwirtschaft: null,
  parken: null,
  sonstige: null,
  freizeitimmobilie_gewerblich: null,
  zinshaus_renditeobjekt: null,
};

/** ISO 3166 alpha-3 (OpenImmo `iso_land`) of each country we list; typed so none is missing. */
export const ISO_LAND: Readonly<Record<CountryCode, string>> = {
  CZ: 'CZE',
  SK: 'SVK',
  AT: 'AUT',
  DE: 'DEU',
  PL: 'POL',
  GB: 'GBR',
  US: 'USA',
  IT: 'ITA',
  FR: 'FRA',
  GR: 'GRC',
  CY: 'CYP',
  HR: 'HRV',
  ES: 'ESP',
  MT: 'MLT',
  BA: 'BIH',
  ME: 'MNE',
  CH: 'CHE',
  LU: 'LUX',
  BE: 'BEL',
  AE: 'ARE',
  RS: 'SRB',
  PT: 'PRT',
  TR: 'TUR',
  NL: 'NLD',
  BG: 'BGR',
};
const COUNTRY_BY_ISO_LAND: ReadonlyMap<string, CountryCode> = new Map(
  COUNTRY_CODES.map((code) => [ISO_LAND[code], code]),
);

export const PREIS_ZEITEINHEIT: Readonly<Record<string, RentPricePeriod | null>> = {
  MONAT: 'month',
  WOCHE: 'week',
  TAG: 'day',
  JAHR: null,
};

/** Months of one unit of `min_mietdauer@min_dauer`. */
const MIN_DAUER_MONTHS: Readonly<Record<string, number>> = { TAG: 1 / 30, WOCHE: 7 / 30, MONAT: 1, JAHR: 12 };

export const BAUWEISE: Readonly<Record<string, BuildingType | null>> = {
  MASSIV: 'brick',
  FERTIGTEILE: 'panel',
  HOLZ: 'wooden_building',
};

/** The fuel says more than the system, so `befeuerung` is read before `heizungsart`. */
export const BEFEUERUNG: Readonly<Record<string, HeatingType | null>> = {
  GAS: 'gas',
  FLUESSIGGAS: 'gas',
  ELEKTRO: 'electric',
  'WASSER-ELEKTRO': 'electric',
  LUFTWP: 'heat_pump',
  ERDWAERME: 'heat_pump',
  FERN: 'central_remote',
  HOLZ: 'solid_fuel_stove',
  KOHLE: 'solid_fuel_stove',
  PELLET: 'solid_fuel_stove',
  OEL: null,
  SOLAR: null,
  ALTERNATIV: null,
  BLOCK: null,
};

export const HEIZUNGSART: Readonly<Record<string, HeatingType | null>> = {
  FERN: 'central_remote',
  FUSSBODEN: 'floor',
  ZENTRAL: null,
  ETAGE: null,
  OFEN: null,
};

export const ZUSTAND_ART: Readonly<Record<string, Reconstruction | null>> = {
  ERSTBEZUG: 'new_building',
  ROHBAU: 'new_building',
  PROJEKTIERT: 'new_building',
  VOLL_SANIERT: 'after_reconstruction',
  TEIL_VOLLSANIERT: 'after_reconstruction',
  TEIL_VOLLRENOVIERT: 'after_reconstruction',
  MODERNISIERT: 'after_reconstruction',
  TEIL_SANIERT: 'partial_reconstruction',
  GEPFLEGT: 'original_state',
  SANIERUNGSBEDUERFTIG: 'original_state',
  TEIL_VOLLRENOVIERUNGSBED: 'original_state',
  BAUFAELLIG: 'original_state',
  NEUWERTIG: null,
  ENTKERNT: null,
  ABRISSOBJEKT: null,
  NACH_VEREINBARUNG: null,
};

export const MOEBLIERT: Readonly<Record<string, Furnishing | null>> = {
  VOLL: 'equipped',
  TEIL: 'partially_equipped',
};

export const STELLPLATZART: Readonly<Record<string, ParkingType | null>> = {
  GARAGE: 'garage',
  TIEFGARAGE: 'parking_slot',
  CARPORT: 'parking_slot',
  DUPLEX: 'parking_slot',
  FREIPLATZ: 'parking_place',
  PARKHAUS: 'parking_place',
};

export const WERTKLASSE: Readonly<Record<string, EnergyClass | null>> = {
  'A+': 'a',
  A: 'a',
  B: 'b',
  C: 'c',
  D: 'd',
  E: 'e',
  F: 'f',
  G: 'g',
  H: null,
};

/** `aktion@aktionart`: a reference object (REFERENZ) is sold or let, so it leaves the market too. */
export const AKTIONART: Readonly<Record<string, FeedListing['action'] | null>> = {
  CHANGE: 'upsert',
  DELETE: 'withdraw',
  REFERENZ: 'withdraw',
};

/** Each condition of `ausstattung` (and `flaechen`) that sets a parameter of ours. */
const OTHER_PARAM_SOURCES: readonly { path: string; param: OtherParam }[] = [
  { path: 'flaechen/anzahl_logia', param: 'loggia' },
  { path: 'ausstattung/fahrstuhl@PERSONEN|LASTEN', param: 'lift' },
  { path: 'ausstattung/stellplatzart@GARAGE|TIEFGARAGE', param: 'garage' },
  { path: 'ausstattung/stellplatzart@*', param: 'private_parking' },
  { path: 'ausstattung/breitband_zugang', param: 'internet' },
  { path: 'ausstattung/klimatisiert', param: 'clima' },
  { path: 'ausstattung/gartennutzung', param: 'garden' },
  { path: 'ausstattung/barrierefrei', param: 'barrier_free' },
  { path: 'ausstattung/rollstuhlgerecht', param: 'barrier_free' },
  { path: 'ausstattung/swimmingpool', param: 'swimming_pool' },
];

const TAG_SOURCES: readonly { path: string; tag: Tag }[] = [
  { path: 'ausstattung/swimmingpool', tag: 'bazen' },
  { path: 'ausstattung/klimatisiert', tag: 'klimatizace' },
  { path: 'ausstattung/sauna', tag: 'sauna' },
  { path: 'ausstattung/bad@WANNE', tag: 'vana' },
  { path: 'objektkategorie/objektart/wohnung@wohnungtyp=PENTHOUSE', tag: 'penthouse' },
];

/** Attachment groups that are photos, in the order the offer shows them (the first is the cover). */
export const ANHANG_PHOTO_GROUPS = [
  'TITELBILD',
  'BILD',
  'AUSSENANSICHTEN',
  'INNENANSICHTEN',
  'PANORAMA',
  'GRUNDRISS',
  'KARTEN_LAGEPLAN',
] as const;

/** The `freitexte` parts that make the description, in its order. */
const FREITEXTE_PARTS = [
  'objekttitel',
  'dreizeiler',
  'objektbeschreibung',
  'lage',
  'ausstatt_beschr',
  'sonstige_angaben',
];

// --- readers of one kind of value ---------------------------------------------------------

/** A number at `path` (German decimal commas read), or the problem of one that is none. */
function numberAt(field: string, listing: XmlNode, path: string): Mapped<number> {
  const text = textAt(listing, path);
  if (text === undefined) return {};
  const number = parseFeedNumber(text);
  return number === 'invalid' ? { problems: [notANumber(field, text)] } : { value: number };
}

/** The rent is a cold one (the price row's first choices): fees and utilities come on top. */
function hasColdRent(listing: XmlNode): boolean {
  return (
    textAt(listing, 'preise/kaltmiete') !== undefined ||
    textAt(listing, 'preise/nettokaltmiete') !== undefined
  );
}

/** The rent is a warm or flat one, which holds the ancillary costs and heating. */
function hasInclusiveRent(listing: XmlNode): boolean {
  return (
    textAt(listing, 'preise/warmmiete') !== undefined || textAt(listing, 'preise/pauschalmiete') !== undefined
  );
}

/** The first path of `paths` that has a number. */
function firstNumber(field: string, listing: XmlNode, paths: readonly string[]): Mapped<number> {
  for (const path of paths) {
    const found = numberAt(field, listing, path);
    if (found.value !== undefined || found.problems) return found;
  }
  return {};
}

/** A coded value through its map; a code the map lacks or maps to null is reported. */
function byCode<V extends string>(
  field: string,
  code: string | undefined,
  values: Readonly<Record<string, V | null>>,
): Mapped<V> {
  if (code === undefined) return {};
  const value = values[code] ?? values[code.toUpperCase()];
  return value ? { value } : { problems: [unmapped(field, code)] };
}

/**
 * Attribute flags (`<befeuerung GAS="true"/>`) of every node, through the maps in order: the
 * first flag with an equivalent wins. Flags without one are reported only when none has one,
 * as then the value is lost; beside a mapped flag they only refine it (`ZENTRAL` + `GAS`).
 */
function byFlags<V extends string>(
  field: string,
  sources: readonly { nodes: XmlNode[]; values: Readonly<Record<string, V | null>> }[],
): Mapped<V> {
  const lost: string[] = [];
  for (const { nodes, values } of sources) {
    for (const flag of nodes.flatMap((node) => trueFlags(node))) {
      const value = values[flag];
      if (value) return { value };
      lost.push(flag);
    }
  }
  return lost.length === 0 ? {} : { problems: lost.map((flag) => unmapped(field, flag)) };
}

/** Whether a condition of OTHER_PARAM_SOURCES / TAG_SOURCES holds for the listing. */
function holds(listing: XmlNode, condition: string): boolean {
  const [path = '', test] = condition.split('@');
  const nodes = findAll(listing, path);
  if (test === undefined) {
    // An element alone: a boolean element (`<klimatisiert>true</klimatisiert>`), a count
    // above zero (`<anzahl_logia>1</anzahl_logia>`), or an element with attributes
    // (`<breitband_zugang art="DSL"/>`).
    return nodes.some((node) => {
      const text = node.text.trim();
      if (text === '') return Object.keys(node.attributes).length > 0;
      const number = parseFeedNumber(text);
      return isTrue(text) || (number !== 'invalid' && number > 0);
    });
  }
  if (test === '*') return nodes.some((node) => trueFlags(node).length > 0);
  const [name = '', expected] = test.split('=');
  if (expected !== undefined) return nodes.some((node) => attribute(node, name)?.toUpperCase() === expected);
  const flags = name.split('|');
  return nodes.some((node) => trueFlags(node).some((flag) => flags.includes(flag)));
}

function offerTypeOf(listing: XmlNode): OfferType | undefined {
  const found = byFlags('offer_type', [
    { nodes: findAll(listing, 'objektkategorie/vermarktungsart'), values: VERMARKTUNGSART },
  ]);
  const flags = trueFlags(find(listing, 'objektkategorie/vermarktungsart'));
  // Both KAUF and MIETE_PACHT: which one the agency means is not ours to guess.
  if (flags.includes('KAUF') && flags.includes('MIETE_PACHT')) return undefined;
  return found.value;
}

const LANGUAGE_BY_ISO_639_2: Readonly<Record<string, string>> = {
  ces: 'cs',
  cze: 'cs',
  deu: 'de',
  ger: 'de',
  eng: 'en',
  slk: 'sk',
  slo: 'sk',
  pol: 'pl',
  ita: 'it',
  fra: 'fr',
  fre: 'fr',
  spa: 'es',
  nld: 'nl',
  dut: 'nl',
  por: 'pt',
  tur: 'tr',
  bul: 'bg',
  hrv: 'hr',
  srp: 'sr',
  bos: 'bs',
  ell: 'el-GR',
  gre: 'el-GR',
  ara: 'ar',
};

/** Our locale of `sprache` (`de`, `DE`, `de-AT`, `deu`), or undefined. */
export function localeOfSprache(sprache: string): Locale | undefined {
  const [language = '', region] = sprache.trim().replace('_', '-').split('-');
  const lower = language.toLowerCase();
  const tag = region ? `${lower}-${region.toUpperCase()}` : lower;
  if (isLocale(tag)) return tag;
  const base = LANGUAGE_BY_ISO_639_2[lower] ?? lower;
  if (isLocale(base)) return base;
  return LOCALES.find((locale) => locale.startsWith(`${base}-`));
}

/** A date as `2026-09-01` or `01.09.2026`; undefined for text such as `sofort`. */
function isoDate(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (german) return `${german[3]}-${german[2]?.padStart(2, '0')}-${german[1]?.padStart(2, '0')}`;
  return undefined;
}

/** A phone number as CRMs write it (`0431 / 123 45-6`) in the characters our contact allows. */
function phoneOf(text: string): string {
  return text.replace(/[/.]/g, ' ').replace(/\s+/g, ' ').trim();
}

const URL_PATTERN = /^https?:\/\//i;

// --- the table ----------------------------------------------------------------------------

export const OPENIMMO_MAPPING: readonly OpenImmoMappingRow[] = [
  row({
    target: 'external_id',
    reads: ['verwaltung_techn/objektnr_extern'],
    rule: 'The agency’s own id of the listing; a listing without one is rejected (`missing_id`).',
    read: (listing) => ({ value: textAt(listing, 'verwaltung_techn/objektnr_extern') }),
  }),
  row({
    target: 'action',
    reads: ['verwaltung_techn/aktion@aktionart'],
    values: AKTIONART,
    rule: 'No `aktion` (or CHANGE): the listing is created or updated; DELETE and REFERENZ withdraw it.',
    read: (listing) => {
      const code = attribute(find(listing, 'verwaltung_techn/aktion'), 'aktionart');
      if (code === undefined) return { value: 'upsert' as const };
      const found = byCode('action', code, AKTIONART);
      return found.value ? found : { value: 'upsert' as const, problems: found.problems };
    },
  }),
  row({
    target: 'offer_type',
    reads: ['objektkategorie/vermarktungsart@KAUF|MIETE_PACHT|ERBPACHT|LEASING'],
    values: VERMARKTUNGSART,
    rule: 'The attribute set to true; both KAUF and MIETE_PACHT is reported, as the two cannot both be meant.',
    read: (listing) => {
      const node = find(listing, 'objektkategorie/vermarktungsart');
      const flags = trueFlags(node);
      if (flags.includes('KAUF') && flags.includes('MIETE_PACHT'))
        return { problems: [unmapped('offer_type', 'KAUF MIETE_PACHT')] };
      return byFlags('offer_type', [{ nodes: node ? [node] : [], values: VERMARKTUNGSART }]);
    },
  }),
  row({
    target: 'property_type',
    reads: ['objektkategorie/objektart/*', 'objektkategorie/nutzungsart@WOHNEN|WAZ'],
    values: OBJEKTART,
    rule: 'The element inside `objektart`; a listing whose `nutzungsart` is neither WOHNEN nor WAZ (commercial only) is reported.',
    read: (listing) => {
      const usage = find(listing, 'objektkategorie/nutzungsart');
      const usageFlags = trueFlags(usage);
      if (usageFlags.length > 0 && !usageFlags.includes('WOHNEN') && !usageFlags.includes('WAZ'))
        return { problems: [unmapped('property_type', `nutzungsart ${usageFlags.join(' ')}`)] };
      const kind = find(listing, 'objektkategorie/objektart')?.children[0]?.name;
      return byCode('property_type', kind, OBJEKTART);
    },
  }),
  row({
    target: 'disposition',
    reads: ['flaechen/anzahl_zimmer', 'objektkategorie/objektart/wohnung@wohnungtyp'],
    rule: 'MAISONETTE is `maisonette`; otherwise the number of rooms, a half room not counted: 1-5, 6 and more `6+`. Fewer than one room is reported.',
    read: (listing) => {
      const type = attribute(find(listing, 'objektkategorie/objektart/wohnung'), 'wohnungtyp');
      if (type?.toUpperCase() === 'MAISONETTE') return { value: 'maisonette' as const };
      const rooms = numberAt('disposition', listing, 'flaechen/anzahl_zimmer');
      if (rooms.value === undefined) return { problems: rooms.problems };
      const whole = Math.floor(rooms.value);
      if (whole < 1) return { problems: [unmapped('disposition', String(rooms.value))] };
      const value: Disposition = whole >= 6 ? '6+' : (String(whole) as Disposition);
      return { value };
    },
  }),
  row({
    target: 'room',
    reads: [
      'flaechen/anzahl_zimmer',
      'flaechen/anzahl_schlafzimmer',
      'flaechen/anzahl_badezimmer',
      'flaechen/anzahl_sep_wc',
      'flaechen/anzahl_balkone',
      'flaechen/anzahl_terrassen',
      'ausstattung/kueche',
    ],
    rule: 'One entry per room: a bedroom per `anzahl_schlafzimmer`, a bathroom per `anzahl_badezimmer`, a toilet per `anzahl_sep_wc`, a balcony per `anzahl_balkone`, a terrace per `anzahl_terrassen`, a kitchen when `kueche` is given, a living room when `anzahl_zimmer` exceeds the bedrooms.',
    read: (listing) => {
      const problems: FeedProblem[] = [];
      const count = (path: string) => {
        const found = numberAt('room', listing, path);
        problems.push(...(found.problems ?? []));
        return found.value === undefined ? 0 : Math.max(0, Math.floor(found.value));
      };
      const rooms = count('flaechen/anzahl_zimmer');
      const counts: [RoomType, number][] = [
        ['bedroom', count('flaechen/anzahl_schlafzimmer')],
        ['bathroom', count('flaechen/anzahl_badezimmer')],
        ['toilet', count('flaechen/anzahl_sep_wc')],
        ['balcony', count('flaechen/anzahl_balkone')],
        ['terrace', count('flaechen/anzahl_terrassen')],
        ['kitchen', find(listing, 'ausstattung/kueche') ? 1 : 0],
      ];
      const bedrooms = counts[0]?.[1] ?? 0;
      if (rooms > bedrooms) counts.unshift(['living_room', 1]);
      // A count past the form's bound (a typo, 1000 bedrooms) stays whole so validation reports it.
      const value = counts.flatMap(([type, n]) => Array<RoomType>(Math.min(n, 1000)).fill(type));
      return value.length === 0 ? { problems } : { value, problems };
    },
  }),
  row({
    target: 'bathroom',
    reads: ['flaechen/anzahl_badezimmer'],
    rule: 'The number as given.',
    read: (listing) => numberAt('bathroom', listing, 'flaechen/anzahl_badezimmer'),
  }),
  row({
    target: 'useful_area',
    reads: ['flaechen/wohnflaeche', 'flaechen/nutzflaeche', 'flaechen/gesamtflaeche'],
    rule: 'The first of them given, in m².',
    read: (listing) =>
      firstNumber('useful_area', listing, [
        'flaechen/wohnflaeche',
        'flaechen/nutzflaeche',
        'flaechen/gesamtflaeche',
      ]),
  }),
  row({
    target: 'useful_area_units',
    reads: ['flaechen/wohnflaeche', 'flaechen/nutzflaeche', 'flaechen/gesamtflaeche'],
    rule: 'Always `m2` when an area is given: OpenImmo areas are square metres.',
    read: (listing) =>
      ['flaechen/wohnflaeche', 'flaechen/nutzflaeche', 'flaechen/gesamtflaeche'].some((path) =>
        textAt(listing, path),
      )
        ? { value: 'm2' as const }
        : {},
  }),
  row({
    target: 'price',
    reads: [
      'preise/kaufpreis',
      'preise/kaltmiete',
      'preise/nettokaltmiete',
      'preise/warmmiete',
      'preise/pauschalmiete',
    ],
    rule: 'Sale: `kaufpreis` (none when `auf_anfrage` is true). Rent: the first of `kaltmiete`, `nettokaltmiete`, `warmmiete`, `pauschalmiete`.',
    read: (listing) => {
      const offerType = offerTypeOf(listing);
      if (offerType === 'rent')
        return firstNumber('price', listing, [
          'preise/kaltmiete',
          'preise/nettokaltmiete',
          'preise/warmmiete',
          'preise/pauschalmiete',
        ]);
      if (isTrue(attribute(find(listing, 'preise/kaufpreis'), 'auf_anfrage'))) return {};
      return numberAt('price', listing, 'preise/kaufpreis');
    },
  }),
  row({
    target: 'price_variant',
    reads: ['preise/kaufpreis@auf_anfrage'],
    rule: '`on_request` when `auf_anfrage` is true, else `fixed`.',
    read: (listing) => ({
      value: isTrue(attribute(find(listing, 'preise/kaufpreis'), 'auf_anfrage'))
        ? ('on_request' as const)
        : ('fixed' as const),
    }),
  }),
  row({
    target: 'currency_iso_code',
    reads: ['preise/waehrung@iso_waehrung'],
    rule: 'The ISO 4217 code when it is one of our currencies; EUR when the feed names none (the OpenImmo default).',
    read: (listing) => {
      const code = attribute(find(listing, 'preise/waehrung'), 'iso_waehrung')?.toUpperCase();
      if (code === undefined) return { value: 'EUR' as const };
      const currency = CURRENCIES.find((known) => known === code);
      return currency ? { value: currency } : { problems: [unmapped('currency_iso_code', code)] };
    },
  }),
  row({
    target: 'rent_price_period',
    reads: ['preise/preis_zeiteinheit@zeiteinheit'],
    values: PREIS_ZEITEINHEIT,
    rule: 'Rent offers only; `month` when the feed names no unit (OpenImmo rents are monthly).',
    read: (listing) => {
      if (offerTypeOf(listing) !== 'rent') return {};
      const unit = attribute(find(listing, 'preise/preis_zeiteinheit'), 'zeiteinheit');
      return unit === undefined
        ? { value: 'month' as const }
        : byCode('rent_price_period', unit, PREIS_ZEITEINHEIT);
    },
  }),
  row({
    target: 'minimum_rental_period',
    reads: ['verwaltung_objekt/min_mietdauer', 'verwaltung_objekt/min_mietdauer@min_dauer'],
    rule: 'Rent offers only; in months, rounded up (`min_dauer` TAG, WOCHE, MONAT, JAHR; MONAT when absent).',
    read: (listing) => {
      if (offerTypeOf(listing) !== 'rent') return {};
      const amount = numberAt('minimum_rental_period', listing, 'verwaltung_objekt/min_mietdauer');
      if (amount.value === undefined) return amount;
      const unit =
        attribute(find(listing, 'verwaltung_objekt/min_mietdauer'), 'min_dauer')?.toUpperCase() ?? 'MONAT';
      const months = MIN_DAUER_MONTHS[unit];
      if (months === undefined) return { problems: [unmapped('minimum_rental_period', unit)] };
      return { value: Math.max(1, Math.ceil(amount.value * months - 1e-9)) };
    },
  }),
  // A rent's true monthly cost (issue 43 point 6, decision 074). The price is the cold rent when
  // the feed has one; a warm or flat rent already holds the ancillary costs and heating, so
  // nothing is added on top of it.
  row({
    target: 'monthly_fees',
    reads: ['preise/nebenkosten', 'preise/betriebskosten'],
    rule: 'Rent offers only: `nebenkosten`, else `betriebskosten`, beside a cold rent (`kaltmiete`, `nettokaltmiete`); 0 when the price is a `warmmiete` or `pauschalmiete`, which hold them.',
    read: (listing) => {
      if (offerTypeOf(listing) !== 'rent') return {};
      if (!hasColdRent(listing)) return hasInclusiveRent(listing) ? { value: 0 } : {};
      return firstNumber('monthly_fees', listing, ['preise/nebenkosten', 'preise/betriebskosten']);
    },
  }),
  row({
    target: 'monthly_utilities',
    reads: ['preise/heizkosten'],
    rule: 'Rent offers only: `heizkosten` beside a cold rent, unless `heizkosten_enthalten` is true.',
    read: (listing) => {
      if (offerTypeOf(listing) !== 'rent' || !hasColdRent(listing)) return {};
      if (isTrue(textAt(listing, 'preise/heizkosten_enthalten'))) return {};
      return numberAt('monthly_utilities', listing, 'preise/heizkosten');
    },
  }),
  row({
    target: 'utilities_included',
    reads: ['preise/heizkosten_enthalten', 'preise/heizkosten'],
    rule: 'Rent offers only: true when `heizkosten_enthalten` is true or the price is a `warmmiete` or `pauschalmiete`; false when `heizkosten_enthalten` is false or `heizkosten` are stated; else not said.',
    read: (listing) => {
      if (offerTypeOf(listing) !== 'rent') return {};
      if (!hasColdRent(listing)) return hasInclusiveRent(listing) ? { value: true } : {};
      const included = textAt(listing, 'preise/heizkosten_enthalten');
      if (included !== undefined) return { value: isTrue(included) };
      return textAt(listing, 'preise/heizkosten') === undefined ? {} : { value: false };
    },
  }),
  row({
    target: 'free_from_date',
    reads: ['verwaltung_objekt/verfuegbar_ab'],
    rule: 'A date as `2026-09-01` or `01.09.2026`; `sofort` (now) leaves it empty; other text is reported.',
    read: (listing) => {
      const text = textAt(listing, 'verwaltung_objekt/verfuegbar_ab');
      if (text === undefined || /^(ab )?sofort$/i.test(text)) return {};
      const date = isoDate(text);
      return date ? { value: date } : { problems: [unmapped('free_from_date', text)] };
    },
  }),
  row({
    target: 'floor',
    reads: ['geo/etage'],
    rule: 'The number as given (0 is the ground floor).',
    read: (listing) => numberAt('floor', listing, 'geo/etage'),
  }),
  row({
    target: 'total_floors',
    reads: ['geo/anzahl_etagen'],
    rule: 'The number as given.',
    read: (listing) => numberAt('total_floors', listing, 'geo/anzahl_etagen'),
  }),
  row({
    target: 'year_built',
    reads: ['zustand_angaben/baujahr'],
    rule: 'The first four-digit year in the text (`1962`, `ca. 1960`); text without one is reported.',
    read: (listing) => {
      const text = textAt(listing, 'zustand_angaben/baujahr');
      if (text === undefined) return {};
      const year = /\b(\d{4})\b/.exec(text)?.[1];
      return year ? { value: Number(year) } : { problems: [unmapped('year_built', text)] };
    },
  }),
  row({
    target: 'type_of_building',
    reads: ['ausstattung/bauweise@MASSIV|FERTIGTEILE|HOLZ'],
    values: BAUWEISE,
    rule: 'The first attribute set to true.',
    read: (listing) =>
      byFlags('type_of_building', [{ nodes: findAll(listing, 'ausstattung/bauweise'), values: BAUWEISE }]),
  }),
  row({
    target: 'type_of_heating',
    reads: ['ausstattung/befeuerung@*', 'ausstattung/heizungsart@*'],
    values: { ...prefixed('befeuerung', BEFEUERUNG), ...prefixed('heizungsart', HEIZUNGSART) },
    rule: 'The first flag set to true with an equivalent, `befeuerung` (the fuel) before `heizungsart` (the system); flags without one are reported when no flag has one.',
    read: (listing) =>
      byFlags('type_of_heating', [
        { nodes: findAll(listing, 'ausstattung/befeuerung'), values: BEFEUERUNG },
        { nodes: findAll(listing, 'ausstattung/heizungsart'), values: HEIZUNGSART },
      ]),
  }),
  row({
    target: 'reconstruction',
    reads: ['zustand_angaben/zustand@zustand_art'],
    values: ZUSTAND_ART,
    rule: 'The state of the building.',
    read: (listing) =>
      byCode(
        'reconstruction',
        attribute(find(listing, 'zustand_angaben/zustand'), 'zustand_art'),
        ZUSTAND_ART,
      ),
  }),
  row({
    target: 'furnishings',
    reads: ['ausstattung/moebliert@moeb'],
    values: MOEBLIERT,
    rule: 'Only when `moebliert` is given: its absence says nothing of the furniture.',
    read: (listing) =>
      byCode('furnishings', attribute(find(listing, 'ausstattung/moebliert'), 'moeb'), MOEBLIERT),
  }),
  row({
    target: 'parking',
    reads: ['ausstattung/stellplatzart@*'],
    values: STELLPLATZART,
    rule: 'The first attribute set to true (`stellplatzart` may repeat).',
    read: (listing) =>
      byFlags('parking', [{ nodes: findAll(listing, 'ausstattung/stellplatzart'), values: STELLPLATZART }]),
  }),
  row({
    target: 'number_of_parking_places',
    reads: ['flaechen/anzahl_stellplaetze'],
    rule: 'The number as given.',
    read: (listing) => numberAt('number_of_parking_places', listing, 'flaechen/anzahl_stellplaetze'),
  }),
  row({
    target: 'penb',
    reads: ['zustand_angaben/energiepass/wertklasse'],
    values: WERTKLASSE,
    rule: 'The energy efficiency class of the certificate.',
    read: (listing) => byCode('penb', textAt(listing, 'zustand_angaben/energiepass/wertklasse'), WERTKLASSE),
  }),
  row({
    target: 'other_params',
    reads: OTHER_PARAM_SOURCES.map((source) => source.path),
    values: Object.fromEntries(OTHER_PARAM_SOURCES.map((source) => [source.path, source.param])),
    rule: 'Each parameter whose element is true, above zero or (for `breitband_zugang`) present; each parameter once.',
    read: (listing) => {
      const params = new Set(OTHER_PARAM_SOURCES.filter((s) => holds(listing, s.path)).map((s) => s.param));
      return params.size === 0 ? {} : { value: [...params] };
    },
  }),
  row({
    target: 'tags',
    reads: TAG_SOURCES.map((source) => source.path),
    values: Object.fromEntries(TAG_SOURCES.map((source) => [source.path, source.tag])),
    rule: 'Each tag whose element is true or whose attribute matches; each tag once.',
    read: (listing) => {
      const tags = new Set(TAG_SOURCES.filter((s) => holds(listing, s.path)).map((s) => s.tag));
      return tags.size === 0 ? {} : { value: [...tags] };
    },
  }),
  row({
    target: 'description',
    reads: FREITEXTE_PARTS.map((part) => `freitexte/${part}`),
    rule: 'The texts in this order, separated by a blank line. A text that would take the description past 10,000 characters is left out and reported (`validation.too_long`).',
    read: (listing) => {
      const problems: FeedProblem[] = [];
      let description = '';
      for (const part of FREITEXTE_PARTS) {
        const text = textAt(listing, `freitexte/${part}`);
        if (!text) continue;
        const next = description ? `${description}\n\n${text}` : text;
        if (next.length > 10_000) {
          problems.push({
            code: 'invalid_value',
            field: 'description',
            value: `freitexte/${part}`,
            detail: 'validation.too_long',
          });
          continue;
        }
        description = next;
      }
      return description ? { value: description, problems } : { problems };
    },
  }),
  row({
    target: 'locale',
    reads: ['verwaltung_techn/sprache'],
    rule: 'The feed’s language (`de`, `de-AT`, `deu`) when it is one of our locales; else the feed’s default locale, and an unknown one is reported.',
    read: (listing, context) => {
      const sprache = textAt(listing, 'verwaltung_techn/sprache');
      if (sprache === undefined) return { value: context.defaultLocale };
      const locale = localeOfSprache(sprache);
      return locale
        ? { value: locale }
        : { value: context.defaultLocale, problems: [unmapped('locale', sprache)] };
    },
  }),
  row({
    target: 'street',
    reads: ['geo/strasse', 'geo/hausnummer'],
    rule: 'The street and house number, separated by a space.',
    read: (listing) => {
      const street = textAt(listing, 'geo/strasse');
      if (!street) return {};
      const number = textAt(listing, 'geo/hausnummer');
      return { value: number ? `${street} ${number}` : street };
    },
  }),
  row({
    target: 'zip',
    reads: ['geo/plz'],
    rule: 'As given.',
    read: (listing) => ({ value: textAt(listing, 'geo/plz') }),
  }),
  row({
    target: 'city',
    reads: ['geo/ort'],
    rule: 'As given.',
    read: (listing) => ({ value: textAt(listing, 'geo/ort') }),
  }),
  row({
    target: 'city_part',
    reads: ['geo/regionaler_zusatz'],
    rule: 'As given (the district).',
    read: (listing) => ({ value: textAt(listing, 'geo/regionaler_zusatz') }),
  }),
  row({
    target: 'country_code',
    reads: ['geo/land@iso_land'],
    values: Object.fromEntries(COUNTRY_CODES.map((code) => [ISO_LAND[code], code])),
    rule: 'The three-letter ISO 3166 code as our two-letter one; a country we do not list is reported.',
    read: (listing) => {
      const code = attribute(find(listing, 'geo/land'), 'iso_land')?.toUpperCase();
      if (code === undefined) return {};
      const country = COUNTRY_BY_ISO_LAND.get(code);
      return country ? { value: country } : { problems: [unmapped('country_code', code)] };
    },
  }),
  row({
    target: 'latitude',
    reads: ['geo/geokoordinaten@breitengrad'],
    rule: 'Decimal degrees; out of range is invalid.',
    read: (listing) => coordinate('latitude', listing, 'breitengrad'),
  }),
  row({
    target: 'longitude',
    reads: ['geo/geokoordinaten@laengengrad'],
    rule: 'Decimal degrees; out of range is invalid.',
    read: (listing) => coordinate('longitude', listing, 'laengengrad'),
  }),
  row({
    target: 'contact',
    reads: [
      'kontaktperson/vorname',
      'kontaktperson/name',
      'kontaktperson/email_direkt',
      'kontaktperson/email_zentrale',
      'kontaktperson/tel_durchw',
      'kontaktperson/tel_handy',
      'kontaktperson/tel_zentrale',
    ],
    rule: 'Name: first name and name. E-mail: the direct one, else the office’s. Phone: the direct line, else the mobile, else the office’s (slashes and dots become spaces).',
    read: (listing) => {
      const person = find(listing, 'kontaktperson');
      if (!person) return {};
      const name = [textAt(person, 'vorname'), textAt(person, 'name')].filter(Boolean).join(' ');
      const email = textAt(person, 'email_direkt') ?? textAt(person, 'email_zentrale');
      const phone =
        textAt(person, 'tel_durchw') ?? textAt(person, 'tel_handy') ?? textAt(person, 'tel_zentrale');
      const contact: PropertyContact = {};
      if (name) contact.contact_name = name;
      if (email) contact.contact_email = email;
      if (phone) contact.contact_phone = phoneOf(phone);
      return Object.keys(contact).length === 0 ? {} : { value: contact };
    },
  }),
  row({
    target: 'photos',
    reads: [
      'anhaenge/anhang@gruppe',
      'anhaenge/anhang@location',
      'anhaenge/anhang/daten/pfad',
      'anhaenge/anhang/anhangtitel',
    ],
    values: Object.fromEntries(
      ANHANG_PHOTO_GROUPS.map((group, index) => [group, `photo, order ${index + 1}`]),
    ),
    rule: 'Attachments of these groups (one without a group counts as BILD), by group then in feed order, so TITELBILD is the cover. A path starting `http://` or `https://` (or `location` REMOTE) is fetched; any other names a file of the ZIP, relative to the XML file. Documents, links and logos are not photos. A file the ZIP lacks, or a path out of it, is reported (`photo_failed`).',
    read: (listing, context) => {
      const problems: FeedProblem[] = [];
      const ranked: { rank: number; source: FeedPhotoSource }[] = [];
      for (const anhang of findAll(listing, 'anhaenge/anhang')) {
        const group = attribute(anhang, 'gruppe')?.toUpperCase() ?? 'BILD';
        const rank = (ANHANG_PHOTO_GROUPS as readonly string[]).indexOf(group);
        if (rank === -1) continue;
        const path = textAt(anhang, 'daten/pfad');
        const title = textAt(anhang, 'anhangtitel');
        const titled = title ? { title } : {};
        if (!path) {
          problems.push({ code: 'photo_failed', field: 'photos', detail: 'feeds.photo.not_found' });
          continue;
        }
        if (URL_PATTERN.test(path) || attribute(anhang, 'location')?.toUpperCase() === 'REMOTE') {
          if (!URL_PATTERN.test(path)) {
            problems.push(photoFailed(path, 'address_refused'));
            continue;
          }
          ranked.push({ rank, source: { kind: 'url', url: path, ...titled } });
          continue;
        }
        const resolved = context.resolveAttachment(path);
        if ('failure' in resolved) problems.push(photoFailed(path, resolved.failure));
        else ranked.push({ rank, source: { kind: 'zip', path: resolved.entry, ...titled } });
      }
      // A stable sort: within a group the feed's order stays.
      const value = ranked.sort((a, b) => a.rank - b.rank).map((entry) => entry.source);
      return { value, problems };
    },
  }),
];

/** A value map's codes under their element's name, for the docs (`befeuerung@GAS`). */
function prefixed<V>(element: string, values: Readonly<Record<string, V>>): Record<string, V> {
  return Object.fromEntries(Object.entries(values).map(([code, value]) => [`${element}@${code}`, value]));
}

function coordinate(field: 'latitude' | 'longitude', listing: XmlNode, name: string): Mapped<number> {
  const text = attribute(find(listing, 'geo/geokoordinaten'), name);
  if (text === undefined) return {};
  const number = parseFeedNumber(text);
  return number === 'invalid' ? { problems: [notANumber(field, text)] } : { value: number };
}

function photoFailed(path: string, failure: FeedPhotoFailure): FeedProblem {
  return {
    code: 'photo_failed',
    field: 'photos',
    value: reportValue(path),
    detail: `feeds.photo.${failure}`,
  };
}

/**
 * Fields of ours no OpenImmo element fills, and why; with the table they cover every
 * property field (a test holds the two to that).
 */
export const OPENIMMO_UNMAPPED_FIELDS: Readonly<Partial<Record<PropertyField, string>>> = {
  ownership: 'OpenImmo has no element for the form of ownership.',
  flat_settings: 'Free-form details are set in the editor.',
};
