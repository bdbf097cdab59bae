import type { Locale, PoiCategory, PointsOfInterestResponse } from '@estately/domain';
import { formatNumber, type MessageKey, translate } from '@estately/i18n';

/** Nearby places ready to render: a heading per kind of place, names with their distance. */
export interface PoiGroupView {
  label: string;
  /** `kind` is the place's own kind in the visitor's language ("Autobusová zastávka"); `name` its proper name, if any. */
  items: { id: number; kind: string; name: string; distance: string }[];
}

/** Each kind of place in the visitor's language (issue 39): the item says what it is, the heading groups. */
export const POI_KIND_LABELS: Record<PoiCategory, MessageKey> = {
  school: 'poi.kind.school',
  kindergarten: 'poi.kind.kindergarten',
  university: 'poi.kind.university',
  supermarket: 'poi.kind.supermarket',
  pharmacy: 'poi.kind.pharmacy',
  doctor: 'poi.kind.doctor',
  hospital: 'poi.kind.hospital',
  bus_stop: 'poi.kind.bus_stop',
  tram_stop: 'poi.kind.tram_stop',
  metro_station: 'poi.kind.metro_station',
  train_station: 'poi.kind.train_station',
  restaurant: 'poi.kind.restaurant',
  cafe: 'poi.kind.cafe',
  park: 'poi.kind.park',
  playground: 'poi.kind.playground',
  sports: 'poi.kind.sports',
  bank: 'poi.kind.bank',
  post_office: 'poi.kind.post_office',
};

/** "186 m", "1,1 km" (cs), "1.1 km" (en): whole metres below a kilometre, else tenths of one, in the locale's digits. */
export function poiDistance(distanceM: number, locale: Locale): string {
  if (distanceM < 1000)
    return translate(locale, 'poi.distance_m', { distance: formatNumber(distanceM, locale) });
  const km = formatNumber(Math.round(distanceM / 100) / 10, locale, { maximumFractionDigits: 1 });
  return translate(locale, 'poi.distance_km', { distance: km });
}

// Kinds of place the catalogs name; stops and stations share the public-transport heading and
// supermarkets the shop one. Kinds without a heading of their own yet are left out rather than
// shown under a wrong one.
export const POI_LABELS: Partial<Record<PoiCategory, MessageKey>> = {
  school: 'poi.school',
  kindergarten: 'poi.kindergarten',
  supermarket: 'poi.shop',
  pharmacy: 'poi.pharmacy',
  doctor: 'poi.doctor',
  bus_stop: 'poi.public_transport',
  tram_stop: 'poi.public_transport',
  metro_station: 'poi.public_transport',
  train_station: 'poi.public_transport',
  restaurant: 'poi.restaurant',
  park: 'poi.park',
  sports: 'poi.sports',
  bank: 'poi.bank',
  post_office: 'poi.post_office',
};

// Names that only describe the kind in English (the demo data's unnamed places, an import's
// placeholder): shown as the kind in the visitor's language instead of as a name.
const GENERIC_NAMES = new Set([
  'primary school',
  'elementary school',
  'grammar school',
  'school',
  'kindergarten',
  'nursery',
  'university',
  'university campus',
  'supermarket',
  'pharmacy',
  'city pharmacy',
  'medical centre',
  'general practitioner',
  'dental clinic',
  'doctor',
  'hospital',
  'university hospital',
  'bus stop',
  'tram stop',
  'metro station',
  'railway station',
  'train station',
  'restaurant',
  'bistro',
  'pizzeria',
  'trattoria',
  'café',
  'cafe',
  'coffee house',
  'bakery & café',
  'city park',
  'park',
  'gardens',
  'playground',
  'sports centre',
  'fitness',
  'swimming pool',
  'bank',
  'atm',
  'post office',
]);

export function toPoiGroups(answer: PointsOfInterestResponse, locale: Locale): PoiGroupView[] {
  const groups = new Map<MessageKey, PoiGroupView>();
  for (const group of answer.data) {
    const key = POI_LABELS[group.category];
    if (!key) continue;
    const view = groups.get(key) ?? { label: translate(locale, key), items: [] };
    for (const item of group.items) {
      const kind = translate(locale, POI_KIND_LABELS[group.category]);
      // Generic names ("Bus stop") are the kind in English, not a proper name: the kind says it.
      const generic = GENERIC_NAMES.has(item.name.trim().toLowerCase());
      view.items.push({
        id: item.id,
        kind,
        name: generic ? '' : item.name,
        distance: poiDistance(item.distance_m, locale),
      });
    }
    groups.set(key, view);
  }
  return [...groups.values()];
}
