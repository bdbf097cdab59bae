// Trust score of an offer, 0..100 (spec 5; issue 43 point 3, docs/decisions/066): the sum of
// named signals anyone can check. The offer page lists which it has and which it lacks, the
// seller's own view lists the missing ones as actions with their points, and the read model
// carries the sum for the trust-score filter. The table below is the one rule: its order is
// the order of the points stored per offer (property_trust.points), so a changed table needs
// the recompute step (`npm run bench -- --only trust`).

/** How a signal's points are earned. */
export type TrustSignalKind =
  /** All or nothing. */
  | 'yes_no'
  /** A share of the points (photos, parameters, account age). */
  | 'graded'
  /** All, none, or "not known yet" (null) while there is too little to judge by. */
  | 'evidence';

export const TRUST_SIGNALS = [
  /** The seller profile (a company or a person) was verified by our team. */
  { key: 'identity_verified', points: 15, kind: 'yes_no' },
  /** Our team checked the listing (PATCH /properties/{id}/verify). */
  { key: 'listing_verified', points: 12, kind: 'yes_no' },
  /** Photos of the property, full points from TRUST_FULL_PHOTOS. */
  { key: 'photos', points: 10, kind: 'graded' },
  /** No photo is the same file as a photo of another seller's offer. */
  { key: 'original_photos', points: 8, kind: 'yes_no' },
  { key: 'floor_plan', points: 8, kind: 'yes_no' },
  /** The share of TRUST_PARAMETERS filled in. */
  { key: 'complete_parameters', points: 10, kind: 'graded' },
  /** The price per m² within TRUST_PRICE_BAND of the city's median for the same kind of offer. */
  { key: 'consistent_price', points: 10, kind: 'evidence' },
  /** The seller answers most conversations within a day. */
  { key: 'quick_replies', points: 10, kind: 'evidence' },
  { key: 'account_age', points: 7, kind: 'graded' },
  /** No report against the offer was upheld by our team. */
  { key: 'no_upheld_reports', points: 10, kind: 'yes_no' },
] as const satisfies readonly { key: string; points: number; kind: TrustSignalKind }[];

export type TrustSignalKey = (typeof TRUST_SIGNALS)[number]['key'];
export const TRUST_SIGNAL_KEYS = TRUST_SIGNALS.map((signal) => signal.key) as TrustSignalKey[];

/** met: every point; partial: some; missing: none; unknown: not enough to judge yet. */
export const TRUST_SIGNAL_STATUSES = ['met', 'partial', 'missing', 'unknown'] as const;
export type TrustSignalStatus = (typeof TRUST_SIGNAL_STATUSES)[number];

/** Photos that earn every photo point; fewer earn their share. */
export const TRUST_FULL_PHOTOS = 8;
/** The price per m² counts as consistent from this share of the median to its inverse. */
export const TRUST_PRICE_BAND = 0.6;
/** A city's median counts from this many offers of the same kind. */
export const TRUST_MIN_MEDIAN_OFFERS = 10;
/** Quick replies: at least this share of conversations answered ... */
export const TRUST_REPLY_SHARE = 0.8;
/** ... with a median first answer within this many minutes (a day). */
export const TRUST_REPLY_MINUTES = 24 * 60;
/** Account age: half the points from this many days, all from a year. */
export const TRUST_AGE_STEPS = [
  { days: 365, share: 1 },
  { days: 90, share: 0.5 },
] as const;

/** The parameters a complete offer states (beyond the ones publishing requires). */
export const TRUST_PARAMETERS = [
  'year_built',
  'type_of_building',
  'type_of_heating',
  'penb',
  'ownership',
  'reconstruction',
  'furnishings',
  'floor',
  'bathrooms',
  'parking',
] as const;
export type TrustParameter = (typeof TRUST_PARAMETERS)[number];

export interface TrustInputs {
  identityVerified: boolean;
  listingVerified: boolean;
  /** Ready photos, floor plans not counted. */
  photos: number;
  /** Of them, those whose file (content hash) is on another seller's offer. */
  copiedPhotos: number;
  hasFloorPlan: boolean;
  /** The TRUST_PARAMETERS the offer states. */
  parametersStated: number;
  /** The offer's price per m² (base currency), null when on request or without an area. */
  pricePerM2: number | null;
  /** The city's median for the same offer and property type, null below TRUST_MIN_MEDIAN_OFFERS. */
  medianPerM2: number | null;
  /** The seller's share of conversations answered, 0..100; null while too few count. */
  replyRatePercent: number | null;
  /** The seller's median minutes to a first answer; null while too few count. */
  replyMedianMinutes: number | null;
  accountAgeDays: number;
  upheldReports: number;
}

export interface TrustSignal {
  signal: TrustSignalKey;
  /** null: not known yet. */
  points: number | null;
  max: number;
  status: TrustSignalStatus;
}

export interface TrustScore {
  score: number;
  signals: TrustSignal[];
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function share(inputs: TrustInputs, signal: TrustSignalKey): number | null {
  switch (signal) {
    case 'identity_verified':
      return inputs.identityVerified ? 1 : 0;
    case 'listing_verified':
      return inputs.listingVerified ? 1 : 0;
    case 'photos':
      return clamp(inputs.photos, 0, TRUST_FULL_PHOTOS) / TRUST_FULL_PHOTOS;
    // No photo, nothing to be original about.
    case 'original_photos':
      return inputs.photos > 0 && inputs.copiedPhotos === 0 ? 1 : 0;
    case 'floor_plan':
      return inputs.hasFloorPlan ? 1 : 0;
    case 'complete_parameters':
      return clamp(inputs.parametersStated, 0, TRUST_PARAMETERS.length) / TRUST_PARAMETERS.length;
    case 'consistent_price': {
      if (inputs.pricePerM2 === null || inputs.medianPerM2 === null || inputs.medianPerM2 <= 0) return null;
      const ratio = inputs.pricePerM2 / inputs.medianPerM2;
      return ratio >= TRUST_PRICE_BAND && ratio <= 1 / TRUST_PRICE_BAND ? 1 : 0;
    }
    case 'quick_replies':
      if (inputs.replyRatePercent === null || inputs.replyMedianMinutes === null) return null;
      return inputs.replyRatePercent >= TRUST_REPLY_SHARE * 100 &&
        inputs.replyMedianMinutes <= TRUST_REPLY_MINUTES
        ? 1
        : 0;
    case 'account_age':
      return TRUST_AGE_STEPS.find((step) => inputs.accountAgeDays >= step.days)?.share ?? 0;
    case 'no_upheld_reports':
      return inputs.upheldReports === 0 ? 1 : 0;
  }
}

function statusOf(points: number | null, max: number): TrustSignalStatus {
  if (points === null) return 'unknown';
  if (points >= max) return 'met';
  return points > 0 ? 'partial' : 'missing';
}

/** The signals of `points` (stored in TRUST_SIGNALS order), with their status. */
export function trustScoreFromPoints(points: readonly (number | null)[]): TrustScore {
  const signals = TRUST_SIGNALS.map((signal, index) => {
    const value = points[index];
    const earned = value === undefined || value === null ? null : clamp(value, 0, signal.points);
    return {
      signal: signal.key,
      points: earned,
      max: signal.points,
      status: statusOf(earned, signal.points),
    };
  });
  return {
    score: clamp(
      signals.reduce((sum, signal) => sum + (signal.points ?? 0), 0),
      0,
      100,
    ),
    signals,
  };
}

export function computeTrustScore(inputs: TrustInputs): TrustScore {
  return trustScoreFromPoints(
    TRUST_SIGNALS.map((signal) => {
      const earned = share(inputs, signal.key);
      return earned === null ? null : Math.round(earned * signal.points);
    }),
  );
}

/** The points of a score in TRUST_SIGNALS order, as property_trust.points stores them. */
export function trustPoints(score: TrustScore): (number | null)[] {
  return score.signals.map((signal) => signal.points);
}

/**
 * The seller's checklist (issue 43 point 3): each signal the seller can still earn by acting,
 * with the points it would add. Account age and upheld reports are not actions; a price signal
 * not known yet (too few offers nearby) is none either.
 */
export const TRUST_ACTIONS: Partial<Record<TrustSignalKey, true>> = {
  identity_verified: true,
  listing_verified: true,
  photos: true,
  original_photos: true,
  floor_plan: true,
  complete_parameters: true,
  consistent_price: true,
  quick_replies: true,
};

export function trustChecklist(score: TrustScore): { signal: TrustSignalKey; gain: number }[] {
  return score.signals.flatMap((signal) => {
    if (!TRUST_ACTIONS[signal.signal]) return [];
    if (signal.points === null) {
      // Replies not known yet: answering quickly is still the way to earn them.
      return signal.signal === 'quick_replies' ? [{ signal: signal.signal, gain: signal.max }] : [];
    }
    const gain = signal.max - signal.points;
    return gain > 0 ? [{ signal: signal.signal, gain }] : [];
  });
}

/** How many TRUST_PARAMETERS an offer states: a value that is there and not "unknown". */
export function countStatedParameters(values: Partial<Record<TrustParameter, unknown>>): number {
  return TRUST_PARAMETERS.filter((parameter) => {
    const value = values[parameter];
    return value !== null && value !== undefined && value !== '' && value !== 'unknown';
  }).length;
}
