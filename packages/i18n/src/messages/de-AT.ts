import type { CatalogOverrides } from './en.ts';

// Austrian German (de-AT): Austrian real-estate and administrative terms over the German catalog.
export const deAT: CatalogOverrides = {
  'offer.floor_label': 'Stockwerk',
  'filter.floor': 'Stockwerk',
  'filter.total_floors': 'Anzahl Stockwerke',
  'value.room_type.chamber': 'Abstellkammer',
  'value.seller_type.broker': 'Immobilienmakler',
  'value.ownership.cooperative': 'Genossenschaftswohnung',
  'auth.registration_number': 'Firmenbuchnummer',
  'email.greeting_anonymous': 'Grüß Gott,',
  'email.sign_off': 'Freundliche Grüße',
};
