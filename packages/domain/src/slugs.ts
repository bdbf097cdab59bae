import type { Locale } from './locales.ts';
import {
  COUNTRY_CODES,
  type CountryCode,
  OFFER_TYPES,
  type OfferType,
  PROPERTY_TYPES,
  type PropertyType,
} from './value-sets.ts';

// Localized path slugs of the search URL (spec 2):
// /{locale}/{search word}/{offer type}/{property type}/{country}/{locality}.
// Czech is exactly the spec's (prodej/pronajem, byty/domy, cesko, slovensko, rakousko, nemecko,
// polsko); every other language is designed here in its own words, transliterated to ASCII,
// lower case, hyphen-separated. Within one locale every slug of the three categories is
// distinct, so a path segment names exactly one value (tested).

export interface LocaleSlugs {
  readonly offerTypes: Readonly<Record<OfferType, string>>;
  readonly propertyTypes: Readonly<Record<PropertyType, string>>;
  readonly countries: Readonly<Record<CountryCode, string>>;
}

const CS: LocaleSlugs = {
  offerTypes: { sale: 'prodej', rent: 'pronajem' },
  propertyTypes: { apartment: 'byty', house: 'domy' },
  countries: {
    CZ: 'cesko',
    SK: 'slovensko',
    AT: 'rakousko',
    DE: 'nemecko',
    PL: 'polsko',
    GB: 'velka-britanie',
    US: 'usa',
    IT: 'italie',
    FR: 'francie',
    GR: 'recko',
    CY: 'kypr',
    HR: 'chorvatsko',
    ES: 'spanelsko',
    MT: 'malta',
    BA: 'bosna-a-hercegovina',
    ME: 'cerna-hora',
    CH: 'svycarsko',
    LU: 'lucembursko',
    BE: 'belgie',
    AE: 'spojene-arabske-emiraty',
    RS: 'srbsko',
    PT: 'portugalsko',
    TR: 'turecko',
    NL: 'nizozemsko',
    BG: 'bulharsko',
  },
};

const SK: LocaleSlugs = {
  offerTypes: { sale: 'predaj', rent: 'prenajom' },
  propertyTypes: { apartment: 'byty', house: 'domy' },
  countries: {
    CZ: 'cesko',
    SK: 'slovensko',
    AT: 'rakusko',
    DE: 'nemecko',
    PL: 'polsko',
    GB: 'velka-britania',
    US: 'usa',
    IT: 'taliansko',
    FR: 'francuzsko',
    GR: 'grecko',
    CY: 'cyprus',
    HR: 'chorvatsko',
    ES: 'spanielsko',
    MT: 'malta',
    BA: 'bosna-a-hercegovina',
    ME: 'cierna-hora',
    CH: 'svajciarsko',
    LU: 'luxembursko',
    BE: 'belgicko',
    AE: 'spojene-arabske-emiraty',
    RS: 'srbsko',
    PT: 'portugalsko',
    TR: 'turecko',
    NL: 'holandsko',
    BG: 'bulharsko',
  },
};

const EN_COUNTRIES: LocaleSlugs['countries'] = {
  CZ: 'czechia',
  SK: 'slovakia',
  AT: 'austria',
  DE: 'germany',
  PL: 'poland',
  GB: 'united-kingdom',
  US: 'united-states',
  IT: 'italy',
  FR: 'france',
  GR: 'greece',
  CY: 'cyprus',
  HR: 'croatia',
  ES: 'spain',
  MT: 'malta',
  BA: 'bosnia-and-herzegovina',
  ME: 'montenegro',
  CH: 'switzerland',
  LU: 'luxembourg',
  BE: 'belgium',
  AE: 'united-arab-emirates',
  RS: 'serbia',
  PT: 'portugal',
  TR: 'turkey',
  NL: 'netherlands',
  BG: 'bulgaria',
};

const EN: LocaleSlugs = {
  offerTypes: { sale: 'sale', rent: 'rent' },
  propertyTypes: { apartment: 'apartments', house: 'houses' },
  countries: EN_COUNTRIES,
};

/** British usage (en-GB, en-MT): "flats" rather than "apartments". */
const EN_BRITISH: LocaleSlugs = { ...EN, propertyTypes: { apartment: 'flats', house: 'houses' } };

const DE: LocaleSlugs = {
  offerTypes: { sale: 'kaufen', rent: 'mieten' },
  propertyTypes: { apartment: 'wohnungen', house: 'haeuser' },
  countries: {
    CZ: 'tschechien',
    SK: 'slowakei',
    AT: 'oesterreich',
    DE: 'deutschland',
    PL: 'polen',
    GB: 'grossbritannien',
    US: 'usa',
    IT: 'italien',
    FR: 'frankreich',
    GR: 'griechenland',
    CY: 'zypern',
    HR: 'kroatien',
    ES: 'spanien',
    MT: 'malta',
    BA: 'bosnien-und-herzegowina',
    ME: 'montenegro',
    CH: 'schweiz',
    LU: 'luxemburg',
    BE: 'belgien',
    AE: 'vereinigte-arabische-emirate',
    RS: 'serbien',
    PT: 'portugal',
    TR: 'tuerkei',
    NL: 'niederlande',
    BG: 'bulgarien',
  },
};

const FR: LocaleSlugs = {
  offerTypes: { sale: 'vente', rent: 'location' },
  propertyTypes: { apartment: 'appartements', house: 'maisons' },
  countries: {
    CZ: 'tchequie',
    SK: 'slovaquie',
    AT: 'autriche',
    DE: 'allemagne',
    PL: 'pologne',
    GB: 'royaume-uni',
    US: 'etats-unis',
    IT: 'italie',
    FR: 'france',
    GR: 'grece',
    CY: 'chypre',
    HR: 'croatie',
    ES: 'espagne',
    MT: 'malte',
    BA: 'bosnie-herzegovine',
    ME: 'montenegro',
    CH: 'suisse',
    LU: 'luxembourg',
    BE: 'belgique',
    AE: 'emirats-arabes-unis',
    RS: 'serbie',
    PT: 'portugal',
    TR: 'turquie',
    NL: 'pays-bas',
    BG: 'bulgarie',
  },
};

const IT: LocaleSlugs = {
  offerTypes: { sale: 'vendita', rent: 'affitto' },
  propertyTypes: { apartment: 'appartamenti', house: 'case' },
  countries: {
    CZ: 'cechia',
    SK: 'slovacchia',
    AT: 'austria',
    DE: 'germania',
    PL: 'polonia',
    GB: 'regno-unito',
    US: 'stati-uniti',
    IT: 'italia',
    FR: 'francia',
    GR: 'grecia',
    CY: 'cipro',
    HR: 'croazia',
    ES: 'spagna',
    MT: 'malta',
    BA: 'bosnia-ed-erzegovina',
    ME: 'montenegro',
    CH: 'svizzera',
    LU: 'lussemburgo',
    BE: 'belgio',
    AE: 'emirati-arabi-uniti',
    RS: 'serbia',
    PT: 'portogallo',
    TR: 'turchia',
    NL: 'paesi-bassi',
    BG: 'bulgaria',
  },
};

/** Greek, transliterated (πώληση, ενοικίαση, διαμερίσματα, μονοκατοικίες, ...). */
const EL: LocaleSlugs = {
  offerTypes: { sale: 'polisi', rent: 'enoikiasi' },
  propertyTypes: { apartment: 'diamerismata', house: 'monokatoikies' },
  countries: {
    CZ: 'tsechia',
    SK: 'slovakia',
    AT: 'afstria',
    DE: 'germania',
    PL: 'polonia',
    GB: 'inomeno-vasileio',
    US: 'inomenes-politeies',
    IT: 'italia',
    FR: 'gallia',
    GR: 'ellada',
    CY: 'kypros',
    HR: 'kroatia',
    ES: 'ispania',
    MT: 'malta',
    BA: 'vosnia-erzegovini',
    ME: 'mavrovounio',
    CH: 'elvetia',
    LU: 'louxemvourgo',
    BE: 'velgio',
    AE: 'inomena-aravika-emirata',
    RS: 'servia',
    PT: 'portogalia',
    TR: 'tourkia',
    NL: 'ollandia',
    BG: 'voulgaria',
  },
};

const HR: LocaleSlugs = {
  offerTypes: { sale: 'prodaja', rent: 'najam' },
  propertyTypes: { apartment: 'stanovi', house: 'kuce' },
  countries: {
    CZ: 'ceska',
    SK: 'slovacka',
    AT: 'austrija',
    DE: 'njemacka',
    PL: 'poljska',
    GB: 'ujedinjeno-kraljevstvo',
    US: 'sad',
    IT: 'italija',
    FR: 'francuska',
    GR: 'grcka',
    CY: 'cipar',
    HR: 'hrvatska',
    ES: 'spanjolska',
    MT: 'malta',
    BA: 'bosna-i-hercegovina',
    ME: 'crna-gora',
    CH: 'svicarska',
    LU: 'luksemburg',
    BE: 'belgija',
    AE: 'ujedinjeni-arapski-emirati',
    RS: 'srbija',
    PT: 'portugal',
    TR: 'turska',
    NL: 'nizozemska',
    BG: 'bugarska',
  },
};

const BS: LocaleSlugs = {
  offerTypes: { sale: 'prodaja', rent: 'izdavanje' },
  propertyTypes: { apartment: 'stanovi', house: 'kuce' },
  countries: {
    ...HR.countries,
    CY: 'kipar',
    ES: 'spanija',
    NL: 'holandija',
  },
};

/** Serbian in its Latin script (the spec's search word "prietragha" is Latin too). */
const SR: LocaleSlugs = {
  offerTypes: { sale: 'prodaja', rent: 'izdavanje' },
  propertyTypes: { apartment: 'stanovi', house: 'kuce' },
  countries: {
    ...HR.countries,
    DE: 'nemacka',
    CY: 'kipar',
    ES: 'spanija',
    CH: 'svajcarska',
    PT: 'portugalija',
    NL: 'holandija',
  },
};

const PL: LocaleSlugs = {
  offerTypes: { sale: 'sprzedaz', rent: 'wynajem' },
  propertyTypes: { apartment: 'mieszkania', house: 'domy' },
  countries: {
    CZ: 'czechy',
    SK: 'slowacja',
    AT: 'austria',
    DE: 'niemcy',
    PL: 'polska',
    GB: 'wielka-brytania',
    US: 'stany-zjednoczone',
    IT: 'wlochy',
    FR: 'francja',
    GR: 'grecja',
    CY: 'cypr',
    HR: 'chorwacja',
    ES: 'hiszpania',
    MT: 'malta',
    BA: 'bosnia-i-hercegowina',
    ME: 'czarnogora',
    CH: 'szwajcaria',
    LU: 'luksemburg',
    BE: 'belgia',
    AE: 'zjednoczone-emiraty-arabskie',
    RS: 'serbia',
    PT: 'portugalia',
    TR: 'turcja',
    NL: 'holandia',
    BG: 'bulgaria',
  },
};

const ES: LocaleSlugs = {
  offerTypes: { sale: 'venta', rent: 'alquiler' },
  propertyTypes: { apartment: 'pisos', house: 'casas' },
  countries: {
    CZ: 'chequia',
    SK: 'eslovaquia',
    AT: 'austria',
    DE: 'alemania',
    PL: 'polonia',
    GB: 'reino-unido',
    US: 'estados-unidos',
    IT: 'italia',
    FR: 'francia',
    GR: 'grecia',
    CY: 'chipre',
    HR: 'croacia',
    ES: 'espana',
    MT: 'malta',
    BA: 'bosnia-y-herzegovina',
    ME: 'montenegro',
    CH: 'suiza',
    LU: 'luxemburgo',
    BE: 'belgica',
    AE: 'emiratos-arabes-unidos',
    RS: 'serbia',
    PT: 'portugal',
    TR: 'turquia',
    NL: 'paises-bajos',
    BG: 'bulgaria',
  },
};

/** European Portuguese (pt is used for Portugal). */
const PT: LocaleSlugs = {
  offerTypes: { sale: 'venda', rent: 'arrendamento' },
  propertyTypes: { apartment: 'apartamentos', house: 'moradias' },
  countries: {
    CZ: 'chequia',
    SK: 'eslovaquia',
    AT: 'austria',
    DE: 'alemanha',
    PL: 'polonia',
    GB: 'reino-unido',
    US: 'estados-unidos',
    IT: 'italia',
    FR: 'franca',
    GR: 'grecia',
    CY: 'chipre',
    HR: 'croacia',
    ES: 'espanha',
    MT: 'malta',
    BA: 'bosnia-e-herzegovina',
    ME: 'montenegro',
    CH: 'suica',
    LU: 'luxemburgo',
    BE: 'belgica',
    AE: 'emirados-arabes-unidos',
    RS: 'servia',
    PT: 'portugal',
    TR: 'turquia',
    NL: 'paises-baixos',
    BG: 'bulgaria',
  },
};

const TR: LocaleSlugs = {
  offerTypes: { sale: 'satilik', rent: 'kiralik' },
  propertyTypes: { apartment: 'daire', house: 'mustakil-ev' },
  countries: {
    CZ: 'cekya',
    SK: 'slovakya',
    AT: 'avusturya',
    DE: 'almanya',
    PL: 'polonya',
    GB: 'birlesik-krallik',
    US: 'abd',
    IT: 'italya',
    FR: 'fransa',
    GR: 'yunanistan',
    CY: 'kibris',
    HR: 'hirvatistan',
    ES: 'ispanya',
    MT: 'malta',
    BA: 'bosna-hersek',
    ME: 'karadag',
    CH: 'isvicre',
    LU: 'luksemburg',
    BE: 'belcika',
    AE: 'birlesik-arap-emirlikleri',
    RS: 'sirbistan',
    PT: 'portekiz',
    TR: 'turkiye',
    NL: 'hollanda',
    BG: 'bulgaristan',
  },
};

const NL: LocaleSlugs = {
  offerTypes: { sale: 'koop', rent: 'huur' },
  propertyTypes: { apartment: 'appartementen', house: 'huizen' },
  countries: {
    CZ: 'tsjechie',
    SK: 'slowakije',
    AT: 'oostenrijk',
    DE: 'duitsland',
    PL: 'polen',
    GB: 'verenigd-koninkrijk',
    US: 'verenigde-staten',
    IT: 'italie',
    FR: 'frankrijk',
    GR: 'griekenland',
    CY: 'cyprus',
    HR: 'kroatie',
    ES: 'spanje',
    MT: 'malta',
    BA: 'bosnie-en-herzegovina',
    ME: 'montenegro',
    CH: 'zwitserland',
    LU: 'luxemburg',
    BE: 'belgie',
    AE: 'verenigde-arabische-emiraten',
    RS: 'servie',
    PT: 'portugal',
    TR: 'turkije',
    NL: 'nederland',
    BG: 'bulgarije',
  },
};

/** Bulgarian, transliterated (продажба, наем, апартаменти, къщи, ...). */
const BG: LocaleSlugs = {
  offerTypes: { sale: 'prodazhba', rent: 'naem' },
  propertyTypes: { apartment: 'apartamenti', house: 'kashti' },
  countries: {
    CZ: 'chehia',
    SK: 'slovakia',
    AT: 'avstria',
    DE: 'germania',
    PL: 'polsha',
    GB: 'obedinenoto-kralstvo',
    US: 'sasht',
    IT: 'italia',
    FR: 'frantsia',
    GR: 'gartsia',
    CY: 'kipar',
    HR: 'hartvatia',
    ES: 'ispania',
    MT: 'malta',
    BA: 'bosna-i-hertsegovina',
    ME: 'cherna-gora',
    CH: 'shveytsaria',
    LU: 'lyuksemburg',
    BE: 'belgia',
    AE: 'obedineni-arabski-emirstva',
    RS: 'sarbia',
    PT: 'portugalia',
    TR: 'turtsia',
    NL: 'niderlandia',
    BG: 'balgaria',
  },
};

/** Arabic, transliterated (للبيع, للإيجار, شقق, بيوت, ...). */
const AR: LocaleSlugs = {
  offerTypes: { sale: 'lil-bay', rent: 'lil-ijar' },
  propertyTypes: { apartment: 'shuqaq', house: 'buyut' },
  countries: {
    CZ: 'altshik',
    SK: 'slovakia',
    AT: 'alnamsa',
    DE: 'almania',
    PL: 'bulanda',
    GB: 'almamlaka-almuttahida',
    US: 'alwilayat-almuttahida',
    IT: 'italia',
    FR: 'faransa',
    GR: 'alyunan',
    CY: 'qubrus',
    HR: 'kurwatia',
    ES: 'isbania',
    MT: 'malta',
    BA: 'albosna-walharsak',
    ME: 'aljabal-alaswad',
    CH: 'swisra',
    LU: 'luksemburg',
    BE: 'beljika',
    AE: 'alimarat',
    RS: 'serbia',
    PT: 'alburtughal',
    TR: 'turkia',
    NL: 'hulanda',
    BG: 'bulgharia',
  },
};

/** Slugs per locale; locales of one language share its table. */
export const LOCALE_SLUGS: Readonly<Record<Locale, LocaleSlugs>> = {
  cs: CS,
  en: EN,
  it: IT,
  fr: FR,
  'el-GR': EL,
  'el-CY': EL,
  hr: HR,
  sk: SK,
  de: DE,
  pl: PL,
  es: ES,
  'en-GB': EN_BRITISH,
  'en-MT': EN_BRITISH,
  bs: BS,
  'sr-ME': SR,
  'de-CH': DE,
  'it-CH': IT,
  'fr-CH': FR,
  'de-AT': DE,
  'de-LU': DE,
  'fr-BE': FR,
  'en-AE': EN,
  sr: SR,
  pt: PT,
  tr: TR,
  'tr-CY': TR,
  nl: NL,
  bg: BG,
  ar: AR,
  'nl-BE': NL,
};

export function offerTypeSlug(locale: Locale, offerType: OfferType): string {
  return LOCALE_SLUGS[locale].offerTypes[offerType];
}

export function propertyTypeSlug(locale: Locale, propertyType: PropertyType): string {
  return LOCALE_SLUGS[locale].propertyTypes[propertyType];
}

export function countrySlug(locale: Locale, country: CountryCode): string {
  return LOCALE_SLUGS[locale].countries[country];
}

function reverse<K extends string>(keys: readonly K[], table: Readonly<Record<K, string>>): Map<string, K> {
  return new Map(keys.map((key) => [table[key], key]));
}

interface ReverseSlugs {
  readonly offerTypes: Map<string, OfferType>;
  readonly propertyTypes: Map<string, PropertyType>;
  readonly countries: Map<string, CountryCode>;
}

const REVERSE = new Map<LocaleSlugs, ReverseSlugs>();

function reverseOf(locale: Locale): ReverseSlugs {
  const slugs = LOCALE_SLUGS[locale];
  let found = REVERSE.get(slugs);
  if (!found) {
    found = {
      offerTypes: reverse(OFFER_TYPES, slugs.offerTypes),
      propertyTypes: reverse(PROPERTY_TYPES, slugs.propertyTypes),
      countries: reverse(COUNTRY_CODES, slugs.countries),
    };
    REVERSE.set(slugs, found);
  }
  return found;
}

/** The offer type a slug names in `locale`, if any. Case-insensitive. */
export function offerTypeFromSlug(locale: Locale, slug: string): OfferType | undefined {
  return reverseOf(locale).offerTypes.get(slug.toLowerCase());
}

/** The property type a slug names in `locale`, if any. Case-insensitive. */
export function propertyTypeFromSlug(locale: Locale, slug: string): PropertyType | undefined {
  return reverseOf(locale).propertyTypes.get(slug.toLowerCase());
}

/** The country a slug names in `locale`, if any. Case-insensitive. */
export function countryFromSlug(locale: Locale, slug: string): CountryCode | undefined {
  return reverseOf(locale).countries.get(slug.toLowerCase());
}
