import type { CatalogOverrides } from './en.ts';

// Swiss Italian (it-CH): Swiss administrative and housing terms over the Italian catalog.
export const itCH: CatalogOverrides = {
  'auth.zip': 'NPA',
  'auth.registration_number': 'Numero IDI',
  'value.ownership.shared_ownership': 'Proprietà per piani',
  'value.parking.parking_slot': 'Posteggio',
  'value.parking.parking_place': 'Autosilo',
  'offer.parking_places': 'Posteggi',
  'filter.parking': 'Posteggio',
  // The energy certificate by its local name (issue 38 point 13).
  'media.energy_certificate': 'Certificato energetico cantonale degli edifici (CECE)',
  'media.energy_certificate_pdf': 'Certificato energetico cantonale degli edifici (CECE) (PDF, {size})',
};
