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
  // True monthly cost (decision 074): Austria says Betriebskosten for what Germany calls Nebenkosten.
  'editor.field.monthly_fees': 'Betriebskosten pro Monat',
  'offer.monthly_cost_fees': 'Betriebskosten: {price}',
  'offer.monthly_cost_fees_unstated': 'Betriebskosten: nicht angegeben',
  'offer.monthly_cost_rent': 'Nettomiete: {price}',
};
