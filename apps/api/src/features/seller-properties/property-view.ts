import {
  type DbOrTx,
  independentQueries,
  priceHistory,
  type properties,
  propertyMedia,
  propertyTourDates,
} from '@estately/db';
import { type MediaStorage, variantUrls } from '@estately/db/storage';
import {
  canTransition,
  type OwnProperty,
  PROPERTY_STATES,
  type PropertyState,
  propertyVideoOf,
  publishProblems,
  type TourDate,
} from '@estately/domain';
import { asc, eq } from 'drizzle-orm';
import { loadEnergyCertificate } from '../offers-shared/energy-certificate-view.ts';
import { ownerReviewView } from '../scam-flags/owner-review-view.ts';
import { columnsToFields } from './property-columns.ts';

type PropertyRow = typeof properties.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Viewing slots as the API shows them: the date and local times of day (UTC, HH:MM). */
export function toTourDate(row: {
  id: number;
  startsAt: Date;
  endsAt: Date | null;
  capacity: number;
}): TourDate {
  const start = row.startsAt.toISOString();
  const end = (row.endsAt ?? row.startsAt).toISOString();
  return {
    id: row.id,
    date: start.slice(0, 10),
    from: start.slice(11, 16),
    to: end.slice(11, 16),
    capacity: row.capacity,
  };
}

export async function loadPhotos(db: DbOrTx, storage: MediaStorage, propertyId: number) {
  const rows = await db
    .select()
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, propertyId))
    .orderBy(asc(propertyMedia.position), asc(propertyMedia.id));
  return rows.map((row) => ({
    id: row.id,
    // Null until the job made the variants (issue 38 defect 4); the editor shows a placeholder.
    image_file: row.status === 'ready' && row.variants ? variantUrls(storage, row.variants) : null,
    status: row.status as OwnProperty['photos'][number]['status'],
    is_main: row.isMain,
    position: row.position,
    room_type: row.roomType as OwnProperty['photos'][number]['room_type'],
    kind: row.kind as OwnProperty['photos'][number]['kind'],
    width: row.width,
    height: row.height,
  }));
}

/** The owner's view of a property (GET /properties/{id}): fields, state, moderation, photos. */
export async function ownPropertyView(
  db: DbOrTx,
  storage: MediaStorage,
  row: PropertyRow,
  trustScore: OwnProperty['trust_score'],
): Promise<OwnProperty> {
  const fields = columnsToFields(row);
  // Also called in the transaction of a save with an Idempotency-Key: one at a time there.
  const [photos, tours, prices, energyCertificate] = await independentQueries(db, [
    () => loadPhotos(db, storage, row.id),
    () =>
      db
        .select()
        .from(propertyTourDates)
        .where(eq(propertyTourDates.propertyId, row.id))
        .orderBy(asc(propertyTourDates.startsAt)),
    () =>
      db
        .select()
        .from(priceHistory)
        .where(eq(priceHistory.propertyId, row.id))
        .orderBy(asc(priceHistory.changedAt), asc(priceHistory.id)),
    () => loadEnergyCertificate(db, row.id),
  ]);
  const state = row.state as PropertyState;
  return {
    id: row.id,
    state,
    ...(fields as Required<typeof fields>),
    flat_settings: row.flatSettings ?? null,
    useful_area_meters: row.usefulAreaMeters,
    location_id: row.locationId,
    is_verified: row.isVerified,
    is_top_offer: row.isTopOffer,
    ...ownerReviewView(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: iso(row.publishedAt),
    activated_at: iso(row.activatedAt),
    photos,
    video: propertyVideoOf(row.videoProvider, row.videoId),
    energy_certificate: energyCertificate,
    tour_dates: tours.map(toTourDate),
    price_history: prices.map((p) => ({
      price: p.price,
      currency: p.currency,
      changed_at: p.changedAt.toISOString(),
    })),
    publish_problems: publishProblems(fields, {
      photos: photos.filter((photo) => photo.status === 'ready').length,
    }),
    allowed_states: PROPERTY_STATES.filter((to) => canTransition(state, to, row.offerType)),
    trust_score: trustScore,
  };
}

/** Fields only the owner and admins see; the public view of an active offer leaves them out. */
const PRIVATE_FIELDS = [
  'contact',
  'strike',
  'under_review',
  'publish_problems',
  'allowed_states',
  'price_history',
  'created_at',
  'updated_at',
] as const;

export function publicPropertyView(view: OwnProperty): Partial<OwnProperty> & { id: number } {
  const out: Partial<OwnProperty> & { id: number } = { ...view };
  for (const field of PRIVATE_FIELDS) delete out[field];
  return out;
}
