import type { CatalogOverrides } from './en.ts';

// British English (en-GB, and en-MT / en-AE, which follow British usage): "favourites", "flat",
// "postcode", "lift", "estate agent", "car park".
export const enGB: CatalogOverrides = {
  'meta.tagline': 'Flats and houses for sale and to rent',
  'meta.home_title': 'Estately – flats and houses for sale and to rent',
  'meta.home_description':
    'Search flats and houses for sale and to rent. Filter by price, size and location, save your favourites and get e-mail alerts about new offers.',
  'home.hero_subheading': 'Flats and houses for sale and to rent from private sellers, developers and estate agents.',
  'screen.accountFavorites': 'Favourites',
  'nav.favorites': 'Favourites',
  'nav.favorites_count': '{count, plural, =0 {No favourites} one {# favourite} other {# favourites}}',
  'offer_stats.metric_favorites_added': 'Added to favourites',
  'offer.for_rent': 'To rent',
  'offer.apartment': 'Flat',
  'offer.title.sale_apartment': 'Flat for sale',
  'offer.title.rent_apartment': 'Flat to rent',
  'offer.title.rent_house': 'House to rent',
  'offer.add_favorite': 'Add to favourites',
  'offer.remove_favorite': 'Remove from favourites',
  'offer.message_placeholder': 'Hello, I am interested in this property. Is it still available?',
  'value.property_type.apartment': 'Flats',
  'results.found.sale_apartment': '{count, plural, =0 {No flats for sale} one {# flat for sale} other {# flats for sale}}',
  'results.found.rent_apartment': '{count, plural, =0 {No flats to rent} one {# flat to rent} other {# flats to rent}}',
  'results.found.rent_house': '{count, plural, =0 {No houses to rent} one {# house to rent} other {# houses to rent}}',
  'results.found.rent_any': '{count, plural, =0 {No properties to rent} one {# property to rent} other {# properties to rent}}',
  'results.found.any_apartment': '{count, plural, =0 {No flats} one {# flat} other {# flats}}',
  'value.room_type.cloakroom': 'Walk-in wardrobe',
  'value.other_param.lift': 'Lift',
  'value.parking.parking_place': 'Car park',
  'value.seller_type.agency': 'Estate agency',
  'value.seller_type.broker': 'Estate agent',
  'value.building_type.panel': 'Prefabricated panel',
  'value.tag.elektromobil': 'EV charging point',
  'auth.zip': 'Postcode',
  'auth.company_heading': 'Accounts for estate agents and developers',
  'account.favorites_empty': 'You have no favourite offers yet.',
  'toast.favorite_added': 'Added to favourites.',
  'toast.favorite_removed': 'Removed from favourites.',

  // Account and sign-in screens (issue 10)
  'account.notify_offer_updates': 'E-mails when my favourite offers change',
  'seller_page.page_description':
    '{name}: seller profile and offers of flats and houses for sale and to rent.',
  'offer.group_note': 'We recognised these listings as the same property by address, floor, layout, floor area and photos. The lowest price comes first.',
  // Issue 44 point 4 (decision 072).
  'compare.empty': 'Pick two to four offers with “Compare” in the results, in your favourites or on an offer’s page.',
  // Issue 44 point 3 (decision 071).
  'boards.items_empty':
    'No offers on this board yet. Add them from an offer’s page or move them here from your favourites.',
};
