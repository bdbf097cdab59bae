// Filter value sets of spec section 9, exactly as listed there. The database enums, the API
// schemas, the web filter panel and the demo-data generator all read these arrays.

export const OFFER_TYPES = ['sale', 'rent'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

export const PROPERTY_TYPES = ['apartment', 'house'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const DISPOSITIONS = ['1', '2', '3', '4', '5', '6+', 'maisonette', 'atypical'] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

export const BATHROOMS = ['1', '2+'] as const;
export type Bathrooms = (typeof BATHROOMS)[number];

export const ROOM_TYPES = [
  'living_room',
  'kitchen',
  'toilet',
  'bathroom',
  'bedroom',
  'kids_room',
  'chamber',
  'balcony',
  'terrace',
  'cloakroom',
  'cellar',
  'canteen',
] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export const FURNISHINGS = ['equipped', 'partially_equipped', 'not_equipped', 'other'] as const;
export type Furnishing = (typeof FURNISHINGS)[number];

export const OTHER_PARAMS = [
  'loggia',
  'lift',
  'garage',
  'private_parking',
  'internet',
  'clima',
  'garden',
  'barrier_free',
  'swimming_pool',
] as const;
export type OtherParam = (typeof OTHER_PARAMS)[number];

export const OWNERSHIPS = ['personal', 'cooperative', 'shared_ownership', 'other'] as const;
export type Ownership = (typeof OWNERSHIPS)[number];

export const RECONSTRUCTIONS = [
  'after_reconstruction',
  'partial_reconstruction',
  'original_state',
  'new_building',
  'insulated',
  'other',
] as const;
export type Reconstruction = (typeof RECONSTRUCTIONS)[number];

export const BUILDING_TYPES = [
  'panel',
  'brick',
  'wooden_building',
  'aerated_concrete',
  'stonework',
  'skeletal',
  'mixed',
  'other',
] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];

export const HEATING_TYPES = [
  'central_remote',
  'gas',
  'electric',
  'solid_fuel_stove',
  'floor',
  'heat_pump',
  'fireplace',
  'condensing_boiler',
  'infrafolia',
  'other',
] as const;
export type HeatingType = (typeof HEATING_TYPES)[number];

export const PARKING_TYPES = ['garage', 'parking_slot', 'parking_place'] as const;
export type ParkingType = (typeof PARKING_TYPES)[number];

export const ENERGY_CLASSES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'unknown'] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

export const SELLER_TYPES = ['private', 'developer', 'agency', 'broker', 'other'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];
/** The seller types a company account may be (issue 42): its offers carry it as their seller type. */
export const COMPANY_KINDS = [
  'agency',
  'developer',
  'broker',
  'other',
] as const satisfies readonly SellerType[];
export type CompanyKind = (typeof COMPANY_KINDS)[number];

export const TAGS = [
  'bazen',
  'klimatizace',
  'penthouse',
  'sauna',
  'vana',
  'vyhled',
  'elektromobil',
  'rekuperace',
  'recepce',
] as const;
export type Tag = (typeof TAGS)[number];

/** Rent price periods (the spec's rent_price_period; values designed here). */
export const RENT_PRICE_PERIODS = ['month', 'week', 'day'] as const;
export type RentPricePeriod = (typeof RENT_PRICE_PERIODS)[number];

/** Price variants (the spec's price_variant; values designed here). */
export const PRICE_VARIANTS = ['fixed', 'negotiable', 'on_request', 'auction'] as const;
export type PriceVariant = (typeof PRICE_VARIANTS)[number];

/** Area units (the spec's useful_area_units; values designed here). */
export const AREA_UNITS = ['m2', 'sqft'] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];

/**
 * Property lifecycle (spec 4 says the set-state values are not shown; designed here).
 * Only `active` offers are visible in public search.
 */
export const PROPERTY_STATES = [
  'draft',
  'active',
  'paused',
  'reserved',
  'sold',
  'rented',
  'archived',
] as const;
export type PropertyState = (typeof PROPERTY_STATES)[number];

/** Countries that have Czech slugs in the spec, plus the countries of the other locales. */
export const COUNTRY_CODES = [
  'CZ',
  'SK',
  'AT',
  'DE',
  'PL',
  'GB',
  'US',
  'IT',
  'FR',
  'GR',
  'CY',
  'HR',
  'ES',
  'MT',
  'BA',
  'ME',
  'CH',
  'LU',
  'BE',
  'AE',
  'RS',
  'PT',
  'TR',
  'NL',
  'BG',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
