import type { CatalogOverrides } from './en.ts';

// Belgian Dutch (nl-BE): Flemish usage over the Dutch catalog (immokantoor, gelijkvloers, gsm,
// ondernemingsnummer, EPC for the energy score).
export const nlBE: CatalogOverrides = {
  'offer.ground_floor': 'Gelijkvloers',
  'offer.energy_rating': 'EPC-score',
  'filter.energy_class': 'EPC-label',
  'offer.energy_label': 'EPC-label {letter} (schaal A tot G)',
  'value.seller_type.agency': 'Immokantoor',
  'value.seller_type.broker': 'Vastgoedmakelaar',
  'value.heating.condensing_boiler': 'Condensatieketel',
  'value.furnishing.partially_equipped': 'Gedeeltelijk bemeubeld',
  'value.furnishing.equipped': 'Bemeubeld',
  'value.furnishing.not_equipped': 'Onbemeubeld',
  'value.property_state.reserved': 'Optie genomen',
  'auth.phone': 'Telefoon of gsm',
  'auth.registration_number': 'Ondernemingsnummer',
  'auth.city': 'Gemeente',
  'email.greeting_anonymous': 'Beste,',
  // The energy certificate by its local name (issue 38 point 13).
  'media.energy_certificate': 'Energieprestatiecertificaat (EPC)',
  'media.energy_certificate_pdf': 'Energieprestatiecertificaat (EPC) (pdf, {size})',
};
