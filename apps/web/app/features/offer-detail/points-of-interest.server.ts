import type { Locale, PoiCategory, PointsOfInterestResponse } from '@estately/domain';
import { type MessageKey, translate } from '@estately/i18n';

/** Nearby places ready to render: a heading per kind of place, names with their distance. */
export interface PoiGroupView {
  label: string;
  items: { id: number; name: string; distance: string }[];
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

export function toPoiGroups(answer: PointsOfInterestResponse, locale: Locale): PoiGroupView[] {
  const groups = new Map<MessageKey, PoiGroupView>();
  for (const group of answer.data) {
    const key = POI_LABELS[group.category];
    if (!key) continue;
    const view = groups.get(key) ?? { label: translate(locale, key), items: [] };
    for (const item of group.items) {
      view.items.push({
        id: item.id,
        name: item.name,
        distance:
          item.distance_m < 1000
            ? translate(locale, 'poi.distance_m', { distance: item.distance_m })
            : translate(locale, 'poi.distance_km', { distance: Math.round(item.distance_km * 10) / 10 }),
      });
    }
    groups.set(key, view);
  }
  return [...groups.values()];
}
