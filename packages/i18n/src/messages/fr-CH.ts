import type { CatalogOverrides } from './en.ts';

// Swiss French (fr-CH): Swiss administrative terms over the French catalog.
export const frCH: CatalogOverrides = {
  'auth.zip': 'NPA',
  'auth.registration_number': 'Numéro IDE',
  'auth.city': 'Localité',
  'value.room_type.chamber': 'Réduit',
  'value.ownership.shared_ownership': 'Propriété par étages',
  'value.parking.parking_slot': 'Place de parc',
  'filter.parking': 'Places de parc',
  'offer.parking_places': 'Places de parc',
  'email.sign_off': 'Meilleures salutations,',
  // The energy certificate by its local name (issue 38 point 13).
  'media.energy_certificate': 'Certificat énergétique cantonal des bâtiments (CECB)',
  'media.energy_certificate_pdf': 'Certificat énergétique cantonal des bâtiments (CECB) (PDF, {size})',
};
