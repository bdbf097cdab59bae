import { type PropertyField, PropertyFieldsSchema } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import type { FeedProblem } from '../../../../src/features/feeds/feed-listing.ts';
import {
  ISO_LAND,
  OPENIMMO_MAPPING,
  OPENIMMO_UNMAPPED_FIELDS,
  type OpenImmoContext,
  type OpenImmoTarget,
} from '../../../../src/features/feeds/formats/openimmo-mapping.ts';
import { readOpenImmoXml } from '../../../../src/features/feeds/formats/read-openimmo-xml.ts';
import type { XmlNode } from '../../../../src/features/feeds/formats/xml-node.ts';

// Each row of the OpenImmo mapping table proven on its own: a listing holding just what the
// row reads, the value it must give and the problems it must report.

async function* chunks(text: string) {
  yield text;
}

async function listingNode(inner: string): Promise<XmlNode> {
  const xml = `<openimmo><anbieter><immobilie>${inner}</immobilie></anbieter></openimmo>`;
  for await (const event of readOpenImmoXml(chunks(xml), 1_000_000)) {
    if (event.type === 'listing' && event.node) return event.node;
  }
  throw new Error('no listing');
}

const context: OpenImmoContext = {
  defaultLocale: 'cs',
  resolveAttachment: (path) => {
    if (path.includes('..')) return { failure: 'address_refused' };
    return ['bilder/a.jpg', 'bilder/b.jpg', 'plan.png'].includes(path)
      ? { entry: path }
      : { failure: 'not_found' };
  },
};

interface Case {
  name: string;
  xml: string;
  value?: unknown;
  problems?: Partial<FeedProblem>[];
}

const sale = '<objektkategorie><vermarktungsart KAUF="true" MIETE_PACHT="false"/></objektkategorie>';
const rent = '<objektkategorie><vermarktungsart KAUF="false" MIETE_PACHT="true"/></objektkategorie>';
const flag = (element: string, attributes: string) =>
  `<ausstattung><${element} ${attributes}/></ausstattung>`;

const CASES: Partial<Record<OpenImmoTarget, Case[]>> = {
  external_id: [
    {
      name: 'objektnr_extern',
      xml: '<verwaltung_techn><objektnr_extern> W-17 </objektnr_extern></verwaltung_techn>',
      value: 'W-17',
    },
    { name: 'absent', xml: '<verwaltung_techn><objektnr_intern>9</objektnr_intern></verwaltung_techn>' },
  ],
  action: [
    { name: 'no aktion', xml: '<verwaltung_techn/>', value: 'upsert' },
    {
      name: 'CHANGE',
      xml: '<verwaltung_techn><aktion aktionart="CHANGE"/></verwaltung_techn>',
      value: 'upsert',
    },
    {
      name: 'DELETE',
      xml: '<verwaltung_techn><aktion aktionart="DELETE"/></verwaltung_techn>',
      value: 'withdraw',
    },
    {
      name: 'REFERENZ',
      xml: '<verwaltung_techn><aktion aktionart="REFERENZ"/></verwaltung_techn>',
      value: 'withdraw',
    },
    {
      name: 'unknown',
      xml: '<verwaltung_techn><aktion aktionart="NEU"/></verwaltung_techn>',
      value: 'upsert',
      problems: [{ code: 'unmapped_value', field: 'action', value: 'NEU' }],
    },
  ],
  offer_type: [
    { name: 'KAUF', xml: sale, value: 'sale' },
    { name: 'MIETE_PACHT', xml: rent, value: 'rent' },
    {
      name: 'lower-case 1',
      xml: '<objektkategorie><vermarktungsart kauf="1"/></objektkategorie>',
      value: 'sale',
    },
    {
      name: 'ERBPACHT',
      xml: '<objektkategorie><vermarktungsart ERBPACHT="true"/></objektkategorie>',
      problems: [{ code: 'unmapped_value', field: 'offer_type', value: 'ERBPACHT' }],
    },
    {
      name: 'both',
      xml: '<objektkategorie><vermarktungsart KAUF="true" MIETE_PACHT="true"/></objektkategorie>',
      problems: [{ code: 'unmapped_value', field: 'offer_type', value: 'KAUF MIETE_PACHT' }],
    },
  ],
  property_type: [
    {
      name: 'wohnung',
      xml: '<objektkategorie><objektart><wohnung wohnungtyp="ETAGE"/></objektart></objektkategorie>',
      value: 'apartment',
    },
    {
      name: 'haus',
      xml: '<objektkategorie><objektart><haus haustyp="VILLA"/></objektart></objektkategorie>',
      value: 'house',
    },
    {
      name: 'grundstueck',
      xml: '<objektkategorie><objektart><grundstueck grundst_typ="WOHNEN"/></objektart></objektkategorie>',
      problems: [{ code: 'unmapped_value', field: 'property_type', value: 'grundstueck' }],
    },
    {
      name: 'commercial only',
      xml: '<objektkategorie><nutzungsart WOHNEN="false" GEWERBE="true"/><objektart><haus/></objektart></objektkategorie>',
      problems: [{ code: 'unmapped_value', field: 'property_type', value: 'nutzungsart GEWERBE' }],
    },
  ],
  disposition: [
    { name: 'three rooms', xml: '<flaechen><anzahl_zimmer>3</anzahl_zimmer></flaechen>', value: '3' },
    { name: 'a half room', xml: '<flaechen><anzahl_zimmer>2,5</anzahl_zimmer></flaechen>', value: '2' },
    { name: 'seven rooms', xml: '<flaechen><anzahl_zimmer>7</anzahl_zimmer></flaechen>', value: '6+' },
    {
      name: 'maisonette',
      xml: '<objektkategorie><objektart><wohnung wohnungtyp="MAISONETTE"/></objektart></objektkategorie><flaechen><anzahl_zimmer>4</anzahl_zimmer></flaechen>',
      value: 'maisonette',
    },
    {
      name: 'under one room',
      xml: '<flaechen><anzahl_zimmer>0.5</anzahl_zimmer></flaechen>',
      problems: [{ code: 'unmapped_value', field: 'disposition', value: '0.5' }],
    },
    {
      name: 'no number',
      xml: '<flaechen><anzahl_zimmer>drei</anzahl_zimmer></flaechen>',
      problems: [
        { code: 'invalid_value', field: 'disposition', value: 'drei', detail: 'validation.invalid_number' },
      ],
    },
  ],
  room: [
    {
      name: 'counts',
      xml: '<flaechen><anzahl_zimmer>3</anzahl_zimmer><anzahl_schlafzimmer>2</anzahl_schlafzimmer><anzahl_badezimmer>1</anzahl_badezimmer><anzahl_sep_wc>1</anzahl_sep_wc><anzahl_balkone>1</anzahl_balkone><anzahl_terrassen>1</anzahl_terrassen></flaechen><ausstattung><kueche EBK="true"/></ausstattung>',
      value: ['living_room', 'bedroom', 'bedroom', 'bathroom', 'toilet', 'balcony', 'terrace', 'kitchen'],
    },
    {
      name: 'rooms alone',
      xml: '<flaechen><anzahl_zimmer>2</anzahl_zimmer></flaechen>',
      value: ['living_room'],
    },
    { name: 'none', xml: '<flaechen><wohnflaeche>50</wohnflaeche></flaechen>', problems: [] },
  ],
  bathroom: [
    {
      name: 'anzahl_badezimmer',
      xml: '<flaechen><anzahl_badezimmer>2</anzahl_badezimmer></flaechen>',
      value: 2,
    },
  ],
  useful_area: [
    {
      name: 'wohnflaeche',
      xml: '<flaechen><wohnflaeche>84,5</wohnflaeche><nutzflaeche>99</nutzflaeche></flaechen>',
      value: 84.5,
    },
    { name: 'nutzflaeche', xml: '<flaechen><nutzflaeche>1.120,75</nutzflaeche></flaechen>', value: 1120.75 },
    { name: 'gesamtflaeche', xml: '<flaechen><gesamtflaeche>130</gesamtflaeche></flaechen>', value: 130 },
  ],
  useful_area_units: [
    { name: 'an area', xml: '<flaechen><wohnflaeche>84</wohnflaeche></flaechen>', value: 'm2' },
    { name: 'no area', xml: '<flaechen><anzahl_zimmer>2</anzahl_zimmer></flaechen>' },
  ],
  price: [
    { name: 'kaufpreis', xml: `${sale}<preise><kaufpreis>349.000,00</kaufpreis></preise>`, value: 349000 },
    {
      name: 'kaltmiete',
      xml: `${rent}<preise><kaltmiete>1.250,00</kaltmiete><warmmiete>1480</warmmiete></preise>`,
      value: 1250,
    },
    { name: 'warmmiete alone', xml: `${rent}<preise><warmmiete>1480</warmmiete></preise>`, value: 1480 },
    { name: 'on request', xml: `${sale}<preise><kaufpreis auf_anfrage="true">1</kaufpreis></preise>` },
    {
      name: 'no number',
      xml: `${sale}<preise><kaufpreis>VB</kaufpreis></preise>`,
      problems: [{ code: 'invalid_value', field: 'price', value: 'VB' }],
    },
  ],
  price_variant: [
    { name: 'fixed', xml: '<preise><kaufpreis>1</kaufpreis></preise>', value: 'fixed' },
    { name: 'on request', xml: '<preise><kaufpreis auf_anfrage="true"/></preise>', value: 'on_request' },
  ],
  currency_iso_code: [
    { name: 'CZK', xml: '<preise><waehrung iso_waehrung="CZK"/></preise>', value: 'CZK' },
    { name: 'none: EUR', xml: '<preise><kaufpreis>1</kaufpreis></preise>', value: 'EUR' },
    {
      name: 'unknown',
      xml: '<preise><waehrung iso_waehrung="SEK"/></preise>',
      problems: [{ code: 'unmapped_value', field: 'currency_iso_code', value: 'SEK' }],
    },
  ],
  rent_price_period: [
    { name: 'rent without unit', xml: rent, value: 'month' },
    { name: 'WOCHE', xml: `${rent}<preise><preis_zeiteinheit zeiteinheit="WOCHE"/></preise>`, value: 'week' },
    { name: 'TAG', xml: `${rent}<preise><preis_zeiteinheit zeiteinheit="TAG"/></preise>`, value: 'day' },
    {
      name: 'JAHR',
      xml: `${rent}<preise><preis_zeiteinheit zeiteinheit="JAHR"/></preise>`,
      problems: [{ code: 'unmapped_value', field: 'rent_price_period', value: 'JAHR' }],
    },
    { name: 'sale', xml: sale },
  ],
  minimum_rental_period: [
    {
      name: 'months',
      xml: `${rent}<verwaltung_objekt><min_mietdauer min_dauer="MONAT">6</min_mietdauer></verwaltung_objekt>`,
      value: 6,
    },
    {
      name: 'a year',
      xml: `${rent}<verwaltung_objekt><min_mietdauer min_dauer="JAHR">1</min_mietdauer></verwaltung_objekt>`,
      value: 12,
    },
    {
      name: 'days',
      xml: `${rent}<verwaltung_objekt><min_mietdauer min_dauer="TAG">10</min_mietdauer></verwaltung_objekt>`,
      value: 1,
    },
    { name: 'sale', xml: `${sale}<verwaltung_objekt><min_mietdauer>6</min_mietdauer></verwaltung_objekt>` },
  ],
  // A rent's true monthly cost (decision 074): fees and heating on top of a cold rent only.
  monthly_fees: [
    {
      name: 'nebenkosten beside a cold rent',
      xml: `${rent}<preise><kaltmiete>850</kaltmiete><nebenkosten>180,50</nebenkosten><betriebskosten>90</betriebskosten></preise>`,
      value: 180.5,
    },
    {
      name: 'betriebskosten when no nebenkosten',
      xml: `${rent}<preise><nettokaltmiete>850</nettokaltmiete><betriebskosten>90</betriebskosten></preise>`,
      value: 90,
    },
    {
      name: 'a warm rent holds them',
      xml: `${rent}<preise><warmmiete>1100</warmmiete><nebenkosten>180</nebenkosten></preise>`,
      value: 0,
    },
    {
      name: 'not a number',
      xml: `${rent}<preise><kaltmiete>850</kaltmiete><nebenkosten>auf Anfrage</nebenkosten></preise>`,
      problems: [{ code: 'invalid_value', field: 'monthly_fees' }],
    },
    {
      name: 'sale',
      xml: `${sale}<preise><kaufpreis>300000</kaufpreis><nebenkosten>200</nebenkosten></preise>`,
    },
  ],
  monthly_utilities: [
    {
      name: 'heizkosten beside a cold rent',
      xml: `${rent}<preise><kaltmiete>850</kaltmiete><heizkosten>95</heizkosten></preise>`,
      value: 95,
    },
    {
      name: 'heating included',
      xml: `${rent}<preise><kaltmiete>850</kaltmiete><heizkosten>95</heizkosten><heizkosten_enthalten>true</heizkosten_enthalten></preise>`,
    },
    {
      name: 'a flat rent holds them',
      xml: `${rent}<preise><pauschalmiete>1000</pauschalmiete><heizkosten>95</heizkosten></preise>`,
    },
  ],
  utilities_included: [
    {
      name: 'heizkosten_enthalten true',
      xml: `${rent}<preise><kaltmiete>850</kaltmiete><heizkosten_enthalten>true</heizkosten_enthalten></preise>`,
      value: true,
    },
    {
      name: 'heizkosten stated',
      xml: `${rent}<preise><kaltmiete>850</kaltmiete><heizkosten>95</heizkosten></preise>`,
      value: false,
    },
    {
      name: 'a warm rent',
      xml: `${rent}<preise><warmmiete>1100</warmmiete></preise>`,
      value: true,
    },
    { name: 'not said', xml: `${rent}<preise><kaltmiete>850</kaltmiete></preise>` },
    { name: 'sale', xml: `${sale}<preise><kaufpreis>300000</kaufpreis><heizkosten>95</heizkosten></preise>` },
  ],
  free_from_date: [
    {
      name: 'ISO',
      xml: '<verwaltung_objekt><verfuegbar_ab>2026-09-01</verfuegbar_ab></verwaltung_objekt>',
      value: '2026-09-01',
    },
    {
      name: 'German',
      xml: '<verwaltung_objekt><verfuegbar_ab>1.9.2026</verfuegbar_ab></verwaltung_objekt>',
      value: '2026-09-01',
    },
    {
      name: 'sofort',
      xml: '<verwaltung_objekt><verfuegbar_ab>sofort</verfuegbar_ab></verwaltung_objekt>',
      problems: [],
    },
    {
      name: 'text',
      xml: '<verwaltung_objekt><verfuegbar_ab>nach Vereinbarung</verfuegbar_ab></verwaltung_objekt>',
      problems: [{ code: 'unmapped_value', field: 'free_from_date', value: 'nach Vereinbarung' }],
    },
  ],
  floor: [{ name: 'etage', xml: '<geo><etage>3</etage></geo>', value: 3 }],
  total_floors: [{ name: 'anzahl_etagen', xml: '<geo><anzahl_etagen>5</anzahl_etagen></geo>', value: 5 }],
  year_built: [
    { name: 'a year', xml: '<zustand_angaben><baujahr>1962</baujahr></zustand_angaben>', value: 1962 },
    { name: 'about', xml: '<zustand_angaben><baujahr>ca. 1960</baujahr></zustand_angaben>', value: 1960 },
    {
      name: 'text',
      xml: '<zustand_angaben><baujahr>Altbau</baujahr></zustand_angaben>',
      problems: [{ code: 'unmapped_value', field: 'year_built', value: 'Altbau' }],
    },
  ],
  type_of_building: [
    { name: 'MASSIV', xml: flag('bauweise', 'MASSIV="true"'), value: 'brick' },
    { name: 'FERTIGTEILE', xml: flag('bauweise', 'FERTIGTEILE="true"'), value: 'panel' },
    { name: 'HOLZ', xml: flag('bauweise', 'MASSIV="false" HOLZ="true"'), value: 'wooden_building' },
  ],
  type_of_heating: [
    {
      name: 'fuel before system',
      xml: '<ausstattung><heizungsart ZENTRAL="true"/><befeuerung GAS="true"/></ausstattung>',
      value: 'gas',
    },
    { name: 'FERN', xml: flag('heizungsart', 'FERN="true"'), value: 'central_remote' },
    { name: 'FUSSBODEN', xml: flag('heizungsart', 'FUSSBODEN="true"'), value: 'floor' },
    { name: 'LUFTWP', xml: flag('befeuerung', 'LUFTWP="true"'), value: 'heat_pump' },
    { name: 'ELEKTRO', xml: flag('befeuerung', 'ELEKTRO="true"'), value: 'electric' },
    { name: 'PELLET', xml: flag('befeuerung', 'PELLET="true"'), value: 'solid_fuel_stove' },
    {
      name: 'OFEN alone',
      xml: flag('heizungsart', 'OFEN="true"'),
      problems: [{ code: 'unmapped_value', field: 'type_of_heating', value: 'OFEN' }],
    },
    {
      name: 'OEL and ZENTRAL',
      xml: '<ausstattung><heizungsart ZENTRAL="true"/><befeuerung OEL="true"/></ausstattung>',
      problems: [
        { code: 'unmapped_value', field: 'type_of_heating', value: 'OEL' },
        { code: 'unmapped_value', field: 'type_of_heating', value: 'ZENTRAL' },
      ],
    },
  ],
  reconstruction: [
    {
      name: 'MODERNISIERT',
      xml: '<zustand_angaben><zustand zustand_art="MODERNISIERT"/></zustand_angaben>',
      value: 'after_reconstruction',
    },
    {
      name: 'ERSTBEZUG',
      xml: '<zustand_angaben><zustand zustand_art="ERSTBEZUG"/></zustand_angaben>',
      value: 'new_building',
    },
    {
      name: 'TEIL_SANIERT',
      xml: '<zustand_angaben><zustand zustand_art="TEIL_SANIERT"/></zustand_angaben>',
      value: 'partial_reconstruction',
    },
    {
      name: 'NEUWERTIG',
      xml: '<zustand_angaben><zustand zustand_art="NEUWERTIG"/></zustand_angaben>',
      problems: [{ code: 'unmapped_value', field: 'reconstruction', value: 'NEUWERTIG' }],
    },
  ],
  furnishings: [
    { name: 'VOLL', xml: flag('moebliert', 'moeb="VOLL"'), value: 'equipped' },
    { name: 'TEIL', xml: flag('moebliert', 'moeb="TEIL"'), value: 'partially_equipped' },
    { name: 'not given', xml: '<ausstattung/>' },
  ],
  parking: [
    { name: 'GARAGE', xml: flag('stellplatzart', 'GARAGE="true"'), value: 'garage' },
    { name: 'TIEFGARAGE', xml: flag('stellplatzart', 'TIEFGARAGE="true"'), value: 'parking_slot' },
    { name: 'FREIPLATZ', xml: flag('stellplatzart', 'FREIPLATZ="true"'), value: 'parking_place' },
  ],
  number_of_parking_places: [
    {
      name: 'anzahl_stellplaetze',
      xml: '<flaechen><anzahl_stellplaetze>2</anzahl_stellplaetze></flaechen>',
      value: 2,
    },
  ],
  penb: [
    {
      name: 'C',
      xml: '<zustand_angaben><energiepass><wertklasse>C</wertklasse></energiepass></zustand_angaben>',
      value: 'c',
    },
    {
      name: 'A+',
      xml: '<zustand_angaben><energiepass><wertklasse>A+</wertklasse></energiepass></zustand_angaben>',
      value: 'a',
    },
    {
      name: 'H',
      xml: '<zustand_angaben><energiepass><wertklasse>H</wertklasse></energiepass></zustand_angaben>',
      problems: [{ code: 'unmapped_value', field: 'penb', value: 'H' }],
    },
  ],
  other_params: [
    {
      name: 'every source',
      xml: '<flaechen><anzahl_logia>1</anzahl_logia></flaechen><ausstattung><klimatisiert>true</klimatisiert><fahrstuhl PERSONEN="true"/><stellplatzart TIEFGARAGE="true"/><breitband_zugang art="DSL" speed="100"/><gartennutzung>1</gartennutzung><rollstuhlgerecht>true</rollstuhlgerecht><swimmingpool>true</swimmingpool></ausstattung>',
      value: [
        'loggia',
        'lift',
        'garage',
        'private_parking',
        'internet',
        'clima',
        'garden',
        'barrier_free',
        'swimming_pool',
      ],
    },
    {
      name: 'false is no parameter',
      xml: '<ausstattung><klimatisiert>false</klimatisiert><fahrstuhl PERSONEN="false"/><stellplatzart FREIPLATZ="true"/></ausstattung>',
      value: ['private_parking'],
    },
  ],
  tags: [
    {
      name: 'every source',
      xml: '<objektkategorie><objektart><wohnung wohnungtyp="PENTHOUSE"/></objektart></objektkategorie><ausstattung><bad WANNE="true"/><sauna>true</sauna><swimmingpool>1</swimmingpool><klimatisiert>true</klimatisiert></ausstattung>',
      value: ['bazen', 'klimatizace', 'sauna', 'vana', 'penthouse'],
    },
  ],
  description: [
    {
      name: 'the parts in order',
      xml: '<freitexte><lage>Zentral.</lage><objektbeschreibung>Text &amp; mehr.</objektbeschreibung><objekttitel>Helle Wohnung</objekttitel><ausstatt_beschr><![CDATA[Parkett <neu>]]></ausstatt_beschr></freitexte>',
      value: 'Helle Wohnung\n\nText & mehr.\n\nZentral.\n\nParkett <neu>',
    },
    {
      name: 'a part past the bound',
      xml: `<freitexte><objekttitel>Titel</objekttitel><objektbeschreibung>${'x'.repeat(9_000)}</objektbeschreibung><lage>${'y'.repeat(2_000)}</lage></freitexte>`,
      value: `Titel\n\n${'x'.repeat(9_000)}`,
      problems: [
        {
          code: 'invalid_value',
          field: 'description',
          value: 'freitexte/lage',
          detail: 'validation.too_long',
        },
      ],
    },
  ],
  locale: [
    { name: 'absent: the default', xml: '<verwaltung_techn/>', value: 'cs' },
    { name: 'de-AT', xml: '<verwaltung_techn><sprache>de-at</sprache></verwaltung_techn>', value: 'de-AT' },
    { name: 'DEU', xml: '<verwaltung_techn><sprache>DEU</sprache></verwaltung_techn>', value: 'de' },
    {
      name: 'unknown',
      xml: '<verwaltung_techn><sprache>xx</sprache></verwaltung_techn>',
      value: 'cs',
      problems: [{ code: 'unmapped_value', field: 'locale', value: 'xx' }],
    },
  ],
  street: [
    {
      name: 'with number',
      xml: '<geo><strasse>Holstenstraße</strasse><hausnummer>12a</hausnummer></geo>',
      value: 'Holstenstraße 12a',
    },
    { name: 'alone', xml: '<geo><strasse>Am Markt</strasse></geo>', value: 'Am Markt' },
  ],
  zip: [{ name: 'plz', xml: '<geo><plz>24103</plz></geo>', value: '24103' }],
  city: [{ name: 'ort', xml: '<geo><ort>Kiel</ort></geo>', value: 'Kiel' }],
  city_part: [
    {
      name: 'regionaler_zusatz',
      xml: '<geo><regionaler_zusatz>Düsternbrook</regionaler_zusatz></geo>',
      value: 'Düsternbrook',
    },
  ],
  country_code: [
    { name: 'DEU', xml: '<geo><land iso_land="DEU"/></geo>', value: 'DE' },
    { name: 'CZE', xml: '<geo><land iso_land="CZE"/></geo>', value: 'CZ' },
    {
      name: 'a country we do not list',
      xml: '<geo><land iso_land="JPN"/></geo>',
      problems: [{ code: 'unmapped_value', field: 'country_code', value: 'JPN' }],
    },
  ],
  latitude: [
    {
      name: 'breitengrad',
      xml: '<geo><geokoordinaten breitengrad="54.32" laengengrad="10.13"/></geo>',
      value: 54.32,
    },
    {
      name: 'no number',
      xml: '<geo><geokoordinaten breitengrad="N54" laengengrad="10"/></geo>',
      problems: [{ code: 'invalid_value', field: 'latitude', value: 'N54' }],
    },
  ],
  longitude: [
    {
      name: 'laengengrad',
      xml: '<geo><geokoordinaten breitengrad="54.32" laengengrad="10.13"/></geo>',
      value: 10.13,
    },
  ],
  contact: [
    {
      name: 'direct lines first',
      xml: '<kontaktperson><name>Muster</name><vorname>Anna</vorname><email_zentrale>office@example.org</email_zentrale><email_direkt>anna@example.org</email_direkt><tel_zentrale>0431 1</tel_zentrale><tel_durchw>0431 / 123.456</tel_durchw></kontaktperson>',
      value: {
        contact_name: 'Anna Muster',
        contact_email: 'anna@example.org',
        contact_phone: '0431 123 456',
      },
    },
    {
      name: 'the office',
      xml: '<kontaktperson><name>Büro Nord</name><email_zentrale>office@example.org</email_zentrale><tel_handy>+49 170 1234567</tel_handy></kontaktperson>',
      value: {
        contact_name: 'Büro Nord',
        contact_email: 'office@example.org',
        contact_phone: '+49 170 1234567',
      },
    },
  ],
  photos: [
    {
      name: 'cover first, ZIP and URL, no documents',
      xml: `<anhaenge>
        <anhang location="EXTERN" gruppe="BILD"><anhangtitel>Bad</anhangtitel><format>jpg</format><daten><pfad>bilder/b.jpg</pfad></daten></anhang>
        <anhang location="EXTERN" gruppe="GRUNDRISS"><format>png</format><daten><pfad>plan.png</pfad></daten></anhang>
        <anhang location="EXTERN" gruppe="DOKUMENTE"><format>pdf</format><daten><pfad>expose.pdf</pfad></daten></anhang>
        <anhang location="REMOTE" gruppe="INNENANSICHTEN"><daten><pfad>https://example.org/k.jpg</pfad></daten></anhang>
        <anhang location="EXTERN" gruppe="TITELBILD"><anhangtitel>Front</anhangtitel><daten><pfad>bilder/a.jpg</pfad></daten></anhang>
      </anhaenge>`,
      value: [
        { kind: 'zip', path: 'bilder/a.jpg', title: 'Front' },
        { kind: 'zip', path: 'bilder/b.jpg', title: 'Bad' },
        { kind: 'url', url: 'https://example.org/k.jpg' },
        { kind: 'zip', path: 'plan.png' },
      ],
      problems: [],
    },
    {
      name: 'missing and unsafe files',
      xml: `<anhaenge>
        <anhang location="EXTERN" gruppe="BILD"><daten><pfad>bilder/c.jpg</pfad></daten></anhang>
        <anhang location="EXTERN" gruppe="BILD"><daten><pfad>../etc/passwd</pfad></daten></anhang>
        <anhang location="REMOTE" gruppe="BILD"><daten><pfad>ftp://example.org/x.jpg</pfad></daten></anhang>
      </anhaenge>`,
      value: [],
      problems: [
        { code: 'photo_failed', field: 'photos', value: 'bilder/c.jpg', detail: 'feeds.photo.not_found' },
        {
          code: 'photo_failed',
          field: 'photos',
          value: '../etc/passwd',
          detail: 'feeds.photo.address_refused',
        },
        {
          code: 'photo_failed',
          field: 'photos',
          value: 'ftp://example.org/x.jpg',
          detail: 'feeds.photo.address_refused',
        },
      ],
    },
  ],
};

describe('OpenImmo mapping table', () => {
  it('has cases for every row, and with the unmapped fields covers every property field', () => {
    expect(OPENIMMO_MAPPING.map((row) => row.target).sort()).toEqual(Object.keys(CASES).sort());
    const fields = Object.keys(PropertyFieldsSchema.shape) as PropertyField[];
    const covered = new Set<string>([
      ...OPENIMMO_MAPPING.map((row) => row.target),
      ...Object.keys(OPENIMMO_UNMAPPED_FIELDS),
    ]);
    expect(fields.filter((field) => !covered.has(field))).toEqual([]);
    expect(new Set(OPENIMMO_MAPPING.map((row) => row.target)).size).toBe(OPENIMMO_MAPPING.length);
  });

  it('knows an ISO 3166 alpha-3 code for each country we list, each once', () => {
    expect(new Set(Object.values(ISO_LAND)).size).toBe(Object.keys(ISO_LAND).length);
    for (const code of Object.values(ISO_LAND)) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  for (const row of OPENIMMO_MAPPING) {
    describe(`${row.target} (${row.reads.join(', ')})`, () => {
      for (const sample of CASES[row.target] ?? []) {
        it(sample.name, async () => {
          const mapped = row.read(await listingNode(sample.xml), context);
          expect(mapped.value).toEqual(sample.value);
          if (sample.problems) expect(mapped.problems ?? []).toMatchObject(sample.problems);
          else expect(mapped.problems ?? []).toEqual([]);
        });
      }
    });
  }
});
