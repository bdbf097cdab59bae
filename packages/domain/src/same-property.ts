import { haversineKm } from './geo.ts';

// Whether two listings describe the same physical property (issue 43): the relist check of one
// seller's withdrawn offer and its re-posted copy (docs/decisions/063), and the grouping of live
// offers across sellers, which asks for near-duplicate photos too (docs/decisions/068).

/** The listing values the comparison reads. */
export interface ListingIdentity {
  offerType: string;
  propertyType: string;
  disposition: string | null;
  floor: number | null;
  usefulAreaMeters: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** How far apart two points may be and still be one building: geocoding and hand-placed pins wobble. */
export const SAME_PROPERTY_MAX_METRES = 25;
/** How much the area may differ (a re-measured or rounded area): a fraction of the larger. */
export const SAME_PROPERTY_AREA_TOLERANCE = 0.05;

/**
 * Same point within SAME_PROPERTY_MAX_METRES, same offer and property type, same disposition and
 * floor (both absent counts as the same), and areas within SAME_PROPERTY_AREA_TOLERANCE. Without
 * coordinates or an area nothing matches: a guess would join two different flats' histories.
 */
export function isSameProperty(a: ListingIdentity, b: ListingIdentity): boolean {
  if (a.offerType !== b.offerType || a.propertyType !== b.propertyType) return false;
  if (a.disposition !== b.disposition || a.floor !== b.floor) return false;
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null)
    return false;
  if (a.usefulAreaMeters === null || b.usefulAreaMeters === null) return false;
  const larger = Math.max(a.usefulAreaMeters, b.usefulAreaMeters);
  if (
    larger <= 0 ||
    Math.abs(a.usefulAreaMeters - b.usefulAreaMeters) > larger * SAME_PROPERTY_AREA_TOLERANCE
  ) {
    return false;
  }
  const metres =
    haversineKm({ lat: a.latitude, lng: a.longitude }, { lat: b.latitude, lng: b.longitude }) * 1000;
  return metres <= SAME_PROPERTY_MAX_METRES;
}

/** The box around a point that holds every point within SAME_PROPERTY_MAX_METRES (an index-friendly pre-filter). */
export function samePropertyBox(latitude: number, longitude: number) {
  const dLat = SAME_PROPERTY_MAX_METRES / 111_000;
  const dLng = dLat / Math.max(0.01, Math.cos((latitude * Math.PI) / 180));
  return {
    minLat: latitude - dLat,
    maxLat: latitude + dLat,
    minLng: longitude - dLng,
    maxLng: longitude + dLng,
  };
}

/** The identity of a listing for grouping: its values and the perceptual hashes of its photos. */
export interface ListedPropertyIdentity extends ListingIdentity {
  /** 64-bit difference hashes of the offer's photos (not floor plans), 16 hex digits each. */
  photoHashes: readonly string[];
}

/**
 * Hashes at most this many bits apart are one picture: a re-encoded, resized or slightly cropped
 * copy differs in a few bits, another picture in about half of the 64.
 */
export const SAME_PHOTO_MAX_BITS = 8;
/**
 * A hash with fewer set (or unset) bits than this says little (a blank wall, a white
 * placeholder, a smooth gradient all look alike): it never counts as a shared photo.
 */
export const PHOTO_HASH_MIN_DETAIL = 8;
/**
 * How many of the two offers' photos must be shared: two, or every photo of the offer with fewer.
 * One shared picture alone is often the building's front or the same stairway, which all flats of
 * one house show.
 */
export const SAME_PROPERTY_SHARED_PHOTOS = 2;

const HEX_HASH = /^[0-9a-f]{16}$/;

/** The bits of a 16-hex-digit hash, or null when it is not one. */
function hashBits(hash: string): bigint | null {
  return HEX_HASH.test(hash) ? BigInt(`0x${hash}`) : null;
}

function popCount(value: bigint): number {
  let bits = 0;
  let rest = value;
  while (rest > 0n) {
    rest &= rest - 1n;
    bits++;
  }
  return bits;
}

/** How many bits two 64-bit hashes differ in (64 when either is malformed). */
export function hashDistance(a: string, b: string): number {
  const x = hashBits(a);
  const y = hashBits(b);
  return x === null || y === null ? 64 : popCount(x ^ y);
}

/** Whether a hash carries enough detail to stand for a picture (see PHOTO_HASH_MIN_DETAIL). */
export function isInformativeHash(hash: string): boolean {
  const bits = hashBits(hash);
  if (bits === null) return false;
  const set = popCount(bits);
  return set >= PHOTO_HASH_MIN_DETAIL && 64 - set >= PHOTO_HASH_MIN_DETAIL;
}

/** How many of `a`'s informative photos have a near-duplicate among `b`'s (each of `b` used once). */
export function sharedPhotoCount(a: readonly string[], b: readonly string[]): number {
  const left = a.filter(isInformativeHash);
  const right = b.filter(isInformativeHash);
  const used = new Set<number>();
  let shared = 0;
  for (const hash of left) {
    let best = -1;
    let bestDistance = SAME_PHOTO_MAX_BITS + 1;
    for (const [index, other] of right.entries()) {
      if (used.has(index)) continue;
      const distance = hashDistance(hash, other);
      if (distance < bestDistance) {
        best = index;
        bestDistance = distance;
      }
    }
    if (best >= 0) {
      used.add(best);
      shared++;
    }
  }
  return shared;
}

/**
 * Whether two live offers are one property, to show them as one card: `isSameProperty` (point,
 * types, floor, disposition, area) and near-duplicate photos, SAME_PROPERTY_SHARED_PHOTOS of them
 * or all of the offer with fewer. Without photos on either side nothing matches: flats of one
 * floor plan on one floor agree on every value, and only their pictures tell them apart.
 */
export function isSameListedProperty(a: ListedPropertyIdentity, b: ListedPropertyIdentity): boolean {
  if (!isSameProperty(a, b)) return false;
  const fewer = Math.min(
    a.photoHashes.filter(isInformativeHash).length,
    b.photoHashes.filter(isInformativeHash).length,
  );
  if (fewer === 0) return false;
  return sharedPhotoCount(a.photoHashes, b.photoHashes) >= Math.min(SAME_PROPERTY_SHARED_PHOTOS, fewer);
}
