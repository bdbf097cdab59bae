import type { Catalog, CatalogOverrides } from './en.ts';

// Swiss Standard German (de-CH): the German catalog with "ss" for "ß", plus Swiss terms.

export function swissSpelling(catalog: Catalog): Catalog {
  return Object.fromEntries(Object.entries(catalog).map(([key, value]) => [key, value.replaceAll('ß', 'ss')])) as Catalog;
}

export const deCH: CatalogOverrides = {
  'offer.floor_label': 'Stockwerk',
  'filter.floor': 'Stockwerk',
  'filter.total_floors': 'Anzahl Stockwerke',
  'offer.parking_places': 'Parkplätze',
  'value.parking.parking_slot': 'Abstellplatz',
  'value.room_type.chamber': 'Reduit',
  'value.seller_type.agency': 'Immobilienagentur',
  'value.seller_type.broker': 'Immobilienmakler',
  'value.heating.solid_fuel_stove': 'Holz- oder Kohleofen',
  'auth.registration_number': 'UID-Nummer',
  'email.sign_off': 'Freundliche Grüsse',
  'email.greeting_anonymous': 'Guten Tag,',
  'my_offers.search_hint': 'Strasse, Ort, PLZ oder Angebotsnummer',
  // The energy certificate by its local name (issue 38 point 13).
  'media.energy_certificate': 'Gebäudeenergieausweis (GEAK)',
  'media.energy_certificate_pdf': 'Gebäudeenergieausweis (GEAK) (PDF, {size})',
  // Nearby places and the report form (issue 39 defects 1-2)
  'poi.kind.tram_stop': 'Tramhaltestelle',
  'poi.kind.hospital': 'Spital',
};
