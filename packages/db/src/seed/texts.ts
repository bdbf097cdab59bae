import type { CountryCode, Locale, OtherParam } from '@estately/domain';
import { languageOf } from '@estately/domain';
import type { Random } from './random.ts';

// Texts of the demo data in the offer's own language (issue 3 item 5): descriptions in
// cs, sk, en, de, pl, fr, it and es (other languages use English), plus names, streets and
// company names per country.

export type DescriptionParams = {
  offerType: 'sale' | 'rent';
  propertyType: 'apartment' | 'house';
  layout: string | null;
  area: number;
  city: string;
  cityPart: string | null;
  floor: number | null;
  totalFloors: number | null;
  otherParams: readonly OtherParam[];
  newBuilding: boolean;
  furnished: boolean;
};

type Lang = { describe(p: DescriptionParams, r: Random): string };

const feature = (lang: Record<OtherParam, string>, params: readonly OtherParam[]) =>
  params.map((p) => lang[p]);

function list(items: string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

const CS_FEATURES: Record<OtherParam, string> = {
  loggia: 'lodžie',
  lift: 'výtah',
  garage: 'garáž',
  private_parking: 'vlastní parkování',
  internet: 'internet',
  clima: 'klimatizace',
  garden: 'zahrada',
  barrier_free: 'bezbariérový přístup',
  swimming_pool: 'bazén',
};
const SK_FEATURES: Record<OtherParam, string> = {
  loggia: 'loggia',
  lift: 'výťah',
  garage: 'garáž',
  private_parking: 'vlastné parkovanie',
  internet: 'internet',
  clima: 'klimatizácia',
  garden: 'záhrada',
  barrier_free: 'bezbariérový prístup',
  swimming_pool: 'bazén',
};
const EN_FEATURES: Record<OtherParam, string> = {
  loggia: 'a loggia',
  lift: 'a lift',
  garage: 'a garage',
  private_parking: 'private parking',
  internet: 'fast internet',
  clima: 'air conditioning',
  garden: 'a garden',
  barrier_free: 'step-free access',
  swimming_pool: 'a swimming pool',
};
const DE_FEATURES: Record<OtherParam, string> = {
  loggia: 'Loggia',
  lift: 'Aufzug',
  garage: 'Garage',
  private_parking: 'eigener Stellplatz',
  internet: 'Internetanschluss',
  clima: 'Klimaanlage',
  garden: 'Garten',
  barrier_free: 'barrierefreier Zugang',
  swimming_pool: 'Pool',
};
const PL_FEATURES: Record<OtherParam, string> = {
  loggia: 'loggia',
  lift: 'winda',
  garage: 'garaż',
  private_parking: 'własne miejsce parkingowe',
  internet: 'internet',
  clima: 'klimatyzacja',
  garden: 'ogród',
  barrier_free: 'brak barier architektonicznych',
  swimming_pool: 'basen',
};
const FR_FEATURES: Record<OtherParam, string> = {
  loggia: 'une loggia',
  lift: 'un ascenseur',
  garage: 'un garage',
  private_parking: 'un parking privé',
  internet: 'la fibre',
  clima: 'la climatisation',
  garden: 'un jardin',
  barrier_free: 'un accès de plain-pied',
  swimming_pool: 'une piscine',
};
const IT_FEATURES: Record<OtherParam, string> = {
  loggia: 'loggia',
  lift: 'ascensore',
  garage: 'garage',
  private_parking: 'posto auto privato',
  internet: 'internet veloce',
  clima: 'aria condizionata',
  garden: 'giardino',
  barrier_free: 'accesso senza barriere',
  swimming_pool: 'piscina',
};
const ES_FEATURES: Record<OtherParam, string> = {
  loggia: 'galería',
  lift: 'ascensor',
  garage: 'garaje',
  private_parking: 'plaza de aparcamiento',
  internet: 'internet de alta velocidad',
  clima: 'aire acondicionado',
  garden: 'jardín',
  barrier_free: 'acceso sin barreras',
  swimming_pool: 'piscina',
};

const where = (p: DescriptionParams, sep: string) => (p.cityPart ? `${p.city}${sep}${p.cityPart}` : p.city);

const LANGS: Record<string, Lang> = {
  cs: {
    describe(p, r) {
      const what = p.propertyType === 'apartment' ? `byt ${p.layout ?? ''}`.trim() : 'rodinný dům';
      const verb = p.offerType === 'sale' ? 'Nabízíme k prodeji' : 'Nabízíme k pronájmu';
      const s = [
        r.pick([
          `${verb} ${p.newBuilding ? 'nový ' : ''}${what} o užitné ploše ${p.area} m² v lokalitě ${where(p, ' – ')}.`,
          `${p.offerType === 'sale' ? 'Prodej' : 'Pronájem'} ${p.newBuilding ? 'zcela nového ' : 'prostorného '}${p.propertyType === 'apartment' ? 'bytu' : 'domu'} (${p.area} m²), ${where(p, ', ')}.`,
        ]),
      ];
      if (p.floor !== null && p.totalFloors) s.push(`Byt se nachází v ${p.floor}. patře z ${p.totalFloors}.`);
      const f = feature(CS_FEATURES, p.otherParams);
      if (f.length) s.push(`K dispozici je ${list(f, 'a')}.`);
      s.push(
        p.furnished
          ? 'Nemovitost je plně vybavená.'
          : 'Nemovitost je nevybavená, můžete si ji zařídit podle sebe.',
      );
      s.push(
        r.pick([
          'V docházkové vzdálenosti je škola, obchody i zastávka MHD.',
          'Klidná lokalita s dobrou dopravní dostupností.',
          'V okolí je park a veškerá občanská vybavenost.',
        ]),
      );
      s.push(r.pick(['Prohlídku rádi domluvíme.', 'Neváhejte nás kontaktovat.']));
      return s.join(' ');
    },
  },
  sk: {
    describe(p, r) {
      const what = p.propertyType === 'apartment' ? `byt ${p.layout ?? ''}`.trim() : 'rodinný dom';
      const s = [
        `${p.offerType === 'sale' ? 'Ponúkame na predaj' : 'Ponúkame na prenájom'} ${p.newBuilding ? 'nový ' : ''}${what} s úžitkovou plochou ${p.area} m² v lokalite ${where(p, ' – ')}.`,
      ];
      if (p.floor !== null && p.totalFloors)
        s.push(`Byt sa nachádza na ${p.floor}. poschodí z ${p.totalFloors}.`);
      const f = feature(SK_FEATURES, p.otherParams);
      if (f.length) s.push(`K dispozícii je ${list(f, 'a')}.`);
      s.push(p.furnished ? 'Nehnuteľnosť je plne zariadená.' : 'Nehnuteľnosť je nezariadená.');
      s.push(
        r.pick(['V okolí je škola, obchody aj zastávka MHD.', 'Pokojná lokalita s výbornou dostupnosťou.']),
      );
      s.push('Obhliadku radi dohodneme.');
      return s.join(' ');
    },
  },
  en: {
    describe(p, r) {
      const what =
        p.propertyType === 'apartment' ? `${p.layout ? `${p.layout} ` : ''}apartment` : 'family house';
      const s = [
        r.pick([
          `${p.newBuilding ? 'Brand-new' : 'Bright'} ${what} of ${p.area} m² ${p.offerType === 'sale' ? 'for sale' : 'to let'} in ${where(p, ', ')}.`,
          `We are pleased to offer ${p.offerType === 'sale' ? 'for sale' : 'for rent'} a ${p.newBuilding ? 'newly built ' : 'spacious '}${what} (${p.area} m²) in ${where(p, ', ')}.`,
        ]),
      ];
      if (p.floor !== null && p.totalFloors) s.push(`It is on floor ${p.floor} of ${p.totalFloors}.`);
      const f = feature(EN_FEATURES, p.otherParams);
      if (f.length) s.push(`The property comes with ${list(f, 'and')}.`);
      s.push(
        p.furnished ? 'Fully furnished and ready to move in.' : 'Unfurnished, ready for your own style.',
      );
      s.push(
        r.pick([
          'Schools, shops and public transport are within walking distance.',
          'A quiet neighbourhood with excellent transport links.',
          'Parks and everyday amenities are close by.',
        ]),
      );
      s.push(r.pick(['Viewings by appointment.', 'Contact us to arrange a viewing.']));
      return s.join(' ');
    },
  },
  de: {
    describe(p, r) {
      const what =
        p.propertyType === 'apartment' ? `${p.layout ? `${p.layout}-` : ''}Wohnung` : 'Einfamilienhaus';
      const s = [
        r.pick([
          `${p.offerType === 'sale' ? 'Zum Verkauf' : 'Zur Miete'}: ${p.newBuilding ? 'neu gebaute' : 'helle'} ${what} mit ${p.area} m² Wohnfläche in ${where(p, '-')}.`,
          `Wir bieten ${p.offerType === 'sale' ? 'zum Kauf' : 'zur Miete'} ein${p.propertyType === 'apartment' ? 'e geräumige' : ' großzügiges'} ${what} (${p.area} m²) in ${where(p, ', ')} an.`,
        ]),
      ];
      if (p.floor !== null && p.totalFloors)
        s.push(`Die Wohnung liegt im ${p.floor}. von ${p.totalFloors} Geschossen.`);
      const f = feature(DE_FEATURES, p.otherParams);
      if (f.length) s.push(`Ausstattung: ${f.join(', ')}.`);
      s.push(p.furnished ? 'Die Immobilie ist voll möbliert.' : 'Die Immobilie ist unmöbliert.');
      s.push(
        r.pick([
          'Schulen, Einkaufsmöglichkeiten und öffentliche Verkehrsmittel sind zu Fuß erreichbar.',
          'Ruhige Lage mit sehr guter Verkehrsanbindung.',
        ]),
      );
      s.push('Besichtigungen nach Vereinbarung.');
      return s.join(' ');
    },
  },
  pl: {
    describe(p, r) {
      const what = p.propertyType === 'apartment' ? 'mieszkanie' : 'dom jednorodzinny';
      const s = [
        `${p.offerType === 'sale' ? 'Na sprzedaż' : 'Do wynajęcia'} ${p.newBuilding ? 'nowe ' : 'przestronne '}${what} o powierzchni ${p.area} m² w lokalizacji ${where(p, ', ')}.`,
      ];
      if (p.floor !== null && p.totalFloors)
        s.push(`Mieszkanie znajduje się na ${p.floor}. piętrze z ${p.totalFloors}.`);
      const f = feature(PL_FEATURES, p.otherParams);
      if (f.length) s.push(`Do dyspozycji: ${f.join(', ')}.`);
      s.push(p.furnished ? 'Nieruchomość jest w pełni umeblowana.' : 'Nieruchomość jest nieumeblowana.');
      s.push(
        r.pick(['W pobliżu szkoła, sklepy i komunikacja miejska.', 'Spokojna okolica z dobrym dojazdem.']),
      );
      s.push('Zapraszamy na prezentację.');
      return s.join(' ');
    },
  },
  fr: {
    describe(p, r) {
      const what = p.propertyType === 'apartment' ? 'appartement' : 'maison familiale';
      const s = [
        `${p.offerType === 'sale' ? 'À vendre' : 'À louer'} : ${p.newBuilding ? 'bel ' : 'lumineux '}${what} de ${p.area} m² à ${where(p, ', ')}.`,
      ];
      if (p.floor !== null && p.totalFloors) s.push(`Situé au ${p.floor}e étage sur ${p.totalFloors}.`);
      const f = feature(FR_FEATURES, p.otherParams);
      if (f.length) s.push(`Le bien dispose de ${list(f, 'et')}.`);
      s.push(p.furnished ? 'Entièrement meublé.' : 'Vendu ou loué non meublé.');
      s.push(r.pick(['Écoles, commerces et transports à proximité.', 'Quartier calme et bien desservi.']));
      s.push('Visites sur rendez-vous.');
      return s.join(' ');
    },
  },
  it: {
    describe(p, r) {
      const what = p.propertyType === 'apartment' ? 'appartamento' : 'casa indipendente';
      const s = [
        `${p.offerType === 'sale' ? 'Vendesi' : 'Affittasi'} ${p.newBuilding ? 'nuovo ' : 'luminoso '}${what} di ${p.area} m² a ${where(p, ', ')}.`,
      ];
      if (p.floor !== null && p.totalFloors) s.push(`Si trova al ${p.floor}° piano di ${p.totalFloors}.`);
      const f = feature(IT_FEATURES, p.otherParams);
      if (f.length) s.push(`Dotato di ${list(f, 'e')}.`);
      s.push(p.furnished ? 'Completamente arredato.' : 'Non arredato.');
      s.push(r.pick(['Scuole, negozi e mezzi pubblici a pochi passi.', 'Zona tranquilla e ben collegata.']));
      s.push('Visite su appuntamento.');
      return s.join(' ');
    },
  },
  es: {
    describe(p, r) {
      const what = p.propertyType === 'apartment' ? 'piso' : 'casa unifamiliar';
      const s = [
        `${p.offerType === 'sale' ? 'Se vende' : 'Se alquila'} ${what} ${p.newBuilding ? 'de obra nueva' : 'luminoso'} de ${p.area} m² en ${where(p, ', ')}.`,
      ];
      if (p.floor !== null && p.totalFloors) s.push(`Está en la planta ${p.floor} de ${p.totalFloors}.`);
      const f = feature(ES_FEATURES, p.otherParams);
      if (f.length) s.push(`Cuenta con ${list(f, 'y')}.`);
      s.push(p.furnished ? 'Totalmente amueblado.' : 'Sin amueblar.');
      s.push(
        r.pick([
          'Colegios, tiendas y transporte público a pocos minutos.',
          'Zona tranquila y bien comunicada.',
        ]),
      );
      s.push('Visitas con cita previa.');
      return s.join(' ');
    },
  },
};

export const DESCRIPTION_LANGUAGES = Object.keys(LANGS);

export function describeOffer(locale: Locale, params: DescriptionParams, random: Random): string {
  const lang = LANGS[languageOf(locale)] ?? (LANGS.en as Lang);
  return lang.describe(params, random);
}

// People and companies -------------------------------------------------------------------

type NameSet = {
  first: readonly string[];
  last: readonly string[];
  streets: readonly string[];
  agency: readonly string[];
};

const NAMES: Partial<Record<CountryCode, NameSet>> & { default: NameSet } = {
  CZ: {
    first: [
      'Jan',
      'Petr',
      'Tomáš',
      'Martin',
      'Jana',
      'Eva',
      'Lucie',
      'Kateřina',
      'Pavel',
      'Veronika',
      'Jakub',
      'Tereza',
    ],
    last: ['Novák', 'Svoboda', 'Dvořák', 'Černý', 'Procházka', 'Kučera', 'Veselý', 'Horák', 'Němec', 'Marek'],
    streets: [
      'Masarykova',
      'Husova',
      'Nádražní',
      'Palackého',
      'Školní',
      'Komenského',
      'Lipová',
      'Zahradní',
      'Sokolská',
      'Dlouhá',
      'Polní',
      'Na Výsluní',
    ],
    agency: [
      '{last} reality s.r.o.',
      'Reality {city}',
      '{city} Invest a.s.',
      'Dům a byt {last}',
      'Realitní kancelář {last}',
    ],
  },
  SK: {
    first: ['Ján', 'Peter', 'Michal', 'Martin', 'Mária', 'Zuzana', 'Katarína', 'Lucia', 'Tomáš', 'Andrea'],
    last: ['Horváth', 'Kováč', 'Varga', 'Tóth', 'Nagy', 'Baláž', 'Szabó', 'Molnár', 'Lukáč', 'Krajčír'],
    streets: ['Hlavná', 'Štúrova', 'Záhradnícka', 'Mierová', 'Dlhá', 'Krátka', 'Školská', 'Hviezdoslavova'],
    agency: ['{last} reality s.r.o.', 'Reality {city}', '{city} Development a.s.'],
  },
  DE: {
    first: ['Lukas', 'Anna', 'Felix', 'Laura', 'Jonas', 'Sophie', 'Maximilian', 'Marie', 'Paul', 'Lena'],
    last: [
      'Müller',
      'Schmidt',
      'Schneider',
      'Fischer',
      'Weber',
      'Meyer',
      'Wagner',
      'Becker',
      'Hoffmann',
      'Schulz',
    ],
    streets: [
      'Hauptstraße',
      'Schulstraße',
      'Gartenstraße',
      'Bahnhofstraße',
      'Lindenweg',
      'Bergstraße',
      'Kirchgasse',
      'Am Markt',
    ],
    agency: ['{last} Immobilien GmbH', 'Immobilien {city}', '{city} Wohnbau AG', '{last} & Partner Makler'],
  },
  PL: {
    first: [
      'Piotr',
      'Anna',
      'Krzysztof',
      'Katarzyna',
      'Tomasz',
      'Magdalena',
      'Paweł',
      'Agnieszka',
      'Michał',
      'Joanna',
    ],
    last: ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański'],
    streets: ['Mickiewicza', 'Słowackiego', 'Kościuszki', 'Polna', 'Ogrodowa', 'Lipowa', 'Szkolna', 'Długa'],
    agency: ['{last} Nieruchomości', 'Biuro Nieruchomości {city}', '{city} Development S.A.'],
  },
  default: {
    first: [
      'Alex',
      'Maria',
      'David',
      'Elena',
      'Marco',
      'Sara',
      'Daniel',
      'Nina',
      'Luca',
      'Eva',
      'Adam',
      'Julia',
    ],
    last: [
      'Rossi',
      'Garcia',
      'Smith',
      'Dubois',
      'Silva',
      'Jansen',
      'Petrov',
      'Yilmaz',
      'Papadopoulos',
      'Horvat',
      'Peeters',
      'Novak',
    ],
    streets: [
      'Central Street',
      'Park Avenue',
      'Harbour Road',
      'Station Road',
      'Main Street',
      'Garden Lane',
      'Market Square',
      'Hill Road',
    ],
    agency: ['{last} Real Estate', '{city} Properties', '{last} Homes', 'Prime Estates {city}'],
  },
};
NAMES.AT = NAMES.DE;
NAMES.CH = NAMES.DE;
NAMES.LU = NAMES.DE;

export function namesFor(country: CountryCode): NameSet {
  return NAMES[country] ?? NAMES.default;
}

export const POI_NAMES: Record<string, readonly string[]> = {
  school: ['Primary School', 'Elementary School', 'Grammar School'],
  kindergarten: ['Kindergarten', 'Nursery'],
  university: ['University Campus'],
  supermarket: ['Albert', 'Billa', 'Lidl', 'Kaufland', 'Tesco', 'Spar', 'Penny', 'Carrefour'],
  pharmacy: ['Pharmacy', 'City Pharmacy', 'Dr. Max'],
  doctor: ['Medical Centre', 'General Practitioner', 'Dental Clinic'],
  hospital: ['Hospital', 'University Hospital'],
  bus_stop: ['Bus stop'],
  tram_stop: ['Tram stop'],
  metro_station: ['Metro station'],
  train_station: ['Railway station'],
  restaurant: ['Restaurant', 'Bistro', 'Pizzeria', 'Trattoria'],
  cafe: ['Café', 'Coffee House', 'Bakery & Café'],
  park: ['City Park', 'Park', 'Gardens'],
  playground: ['Playground'],
  sports: ['Sports Centre', 'Fitness', 'Swimming Pool'],
  bank: ['Bank', 'ATM'],
  post_office: ['Post Office'],
};

// Articles and blog: content-texts.ts
export { ARTICLE_TEXTS, BLOG_POSTS } from './content-texts.ts';
