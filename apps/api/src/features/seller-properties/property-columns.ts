import type { properties } from '@estately/db';
import type { PropertyContact, PropertyFields } from '@estately/domain';

// The API speaks the spec 3 Property names (snake_case); the table has its own column names.
// Both directions live here so a field added to the contract is added in one place.

type PropertyRow = typeof properties.$inferSelect;
type PropertyInsert = Partial<typeof properties.$inferInsert>;

const SQFT_IN_M2 = 0.09290304;

/** Column values of the given contract fields; fields left out stay out (a partial update). */
export function fieldsToColumns(fields: PropertyFields): PropertyInsert {
  const out: PropertyInsert = {};
  const set = <K extends keyof PropertyInsert>(key: K, value: PropertyInsert[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('offerType', fields.offer_type);
  set('propertyType', fields.property_type);
  set('price', fields.price);
  set('currency', fields.currency_iso_code);
  set('priceVariant', fields.price_variant);
  set('rentPricePeriod', fields.rent_price_period);
  set('disposition', fields.disposition);
  set('rooms', fields.room);
  set('bathrooms', fields.bathroom);
  set('flatSettings', fields.flat_settings);
  set('usefulArea', fields.useful_area);
  set('usefulAreaUnits', fields.useful_area_units);
  set('floor', fields.floor);
  set('totalFloors', fields.total_floors);
  set('yearBuilt', fields.year_built);
  set('typeOfBuilding', fields.type_of_building);
  set('typeOfHeating', fields.type_of_heating);
  set('ownership', fields.ownership);
  set('reconstruction', fields.reconstruction);
  set('furnishings', fields.furnishings);
  set('parking', fields.parking);
  set('numberOfParkingPlaces', fields.number_of_parking_places);
  set('penb', fields.penb);
  set('otherParams', fields.other_params);
  set('tags', fields.tags);
  set('freeFromDate', fields.free_from_date);
  set('minimumRentalPeriod', fields.minimum_rental_period);
  set('monthlyFees', fields.monthly_fees);
  set('monthlyUtilities', fields.monthly_utilities);
  set('utilitiesIncluded', fields.utilities_included);
  set('description', fields.description);
  set('locale', fields.locale);
  set('street', fields.street);
  set('zip', fields.zip);
  set('city', fields.city);
  set('cityPart', fields.city_part);
  set('countryCode', fields.country_code);
  set('latitude', fields.latitude);
  set('longitude', fields.longitude);
  set('contact', fields.contact);
  return out;
}

/** Area in square metres (search filters and the read model compare metres). */
export function areaInMeters(area: number | null, units: string): number | null {
  if (area === null) return null;
  return units === 'sqft' ? Math.round(area * SQFT_IN_M2 * 100) / 100 : area;
}

/** The contract fields of a stored property (what the publish check and the views read). */
export function columnsToFields(row: PropertyRow): PropertyFields {
  return {
    offer_type: row.offerType as PropertyFields['offer_type'],
    property_type: row.propertyType as PropertyFields['property_type'],
    price: row.price,
    currency_iso_code: row.currency as PropertyFields['currency_iso_code'],
    price_variant: row.priceVariant as PropertyFields['price_variant'],
    rent_price_period: row.rentPricePeriod as PropertyFields['rent_price_period'],
    disposition: row.disposition as PropertyFields['disposition'],
    room: row.rooms as PropertyFields['room'],
    bathroom: row.bathrooms,
    flat_settings: (row.flatSettings ?? null) as PropertyFields['flat_settings'],
    useful_area: row.usefulArea,
    useful_area_units: row.usefulAreaUnits as PropertyFields['useful_area_units'],
    floor: row.floor,
    total_floors: row.totalFloors,
    year_built: row.yearBuilt,
    type_of_building: row.typeOfBuilding as PropertyFields['type_of_building'],
    type_of_heating: row.typeOfHeating as PropertyFields['type_of_heating'],
    ownership: row.ownership as PropertyFields['ownership'],
    reconstruction: row.reconstruction as PropertyFields['reconstruction'],
    furnishings: row.furnishings as PropertyFields['furnishings'],
    parking: row.parking as PropertyFields['parking'],
    number_of_parking_places: row.numberOfParkingPlaces,
    penb: row.penb as PropertyFields['penb'],
    other_params: row.otherParams as PropertyFields['other_params'],
    tags: row.tags as PropertyFields['tags'],
    free_from_date: row.freeFromDate,
    minimum_rental_period: row.minimumRentalPeriod,
    monthly_fees: row.monthlyFees,
    monthly_utilities: row.monthlyUtilities,
    utilities_included: row.utilitiesIncluded,
    description: row.description,
    locale: row.locale as PropertyFields['locale'],
    street: row.street,
    zip: row.zip,
    city: row.city,
    city_part: row.cityPart,
    country_code: row.countryCode as PropertyFields['country_code'],
    latitude: row.latitude,
    longitude: row.longitude,
    contact: (row.contact ?? null) as PropertyContact | null,
  };
}
