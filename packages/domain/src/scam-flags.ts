import { SCAM_PHRASE_INSIDE_WORDS, SCAM_PHRASES, type ScamPhraseRow } from './scam-flags-phrases.ts';

// Scam flags (issue 43 point 4, docs/decisions/067): pure rules that each return named reasons
// with a weight. An offer or a message whose weights add up to SCAM_FLAG_THRESHOLD enters the
// admins' review queue; from SCAM_HOLD_THRESHOLD an offer is held from search and a message from
// its recipient until an admin releases or rejects it. The weights are the product's, not the
// seller's business: sellers see "under review" and nothing of the rules.

export const SCAM_FLAG_SUBJECTS = ['offer', 'message'] as const;
export type ScamFlagSubject = (typeof SCAM_FLAG_SUBJECTS)[number];
export const SCAM_FLAG_STATUSES = ['open', 'released', 'rejected'] as const;
export type ScamFlagStatus = (typeof SCAM_FLAG_STATUSES)[number];

/** Every reason a rule can give, with its weight: one table, read by the rules, the API and the bench. */
export const SCAM_REASON_WEIGHTS = {
  /** Price per m² at most SCAM_PRICE_VERY_LOW_RATIO of the area's median. */
  price_far_below_median: 45,
  /** Price per m² at most SCAM_PRICE_LOW_RATIO of the area's median. */
  price_below_median: 30,
  /** A photo with the same bytes is in another account's offer. */
  photos_of_other_seller: 45,
  /** A payment or deposit asked for before any viewing, or keys sent by post. */
  advance_payment: 60,
  /** Western Union, MoneyGram and the like. */
  transfer_service: 60,
  /** Payment in a crypto currency. */
  crypto_payment: 40,
  /** "I am abroad": the absent owner of the classic story. */
  owner_abroad: 25,
  /** An international or wire transfer. */
  wire_transfer: 20,
  /** A phone number, an e-mail address or a messaging app in the text. */
  contact_details: 15,
  /** An account a few days old that posted many offers within a day. */
  new_account_burst: 25,
  /** The same, with very many offers. */
  new_account_flood: 40,
  /** A message links to a payment page off the portal. */
  payment_link: 60,
} as const;
export type ScamReasonCode = keyof typeof SCAM_REASON_WEIGHTS;
export const SCAM_REASON_CODES = Object.keys(SCAM_REASON_WEIGHTS) as ScamReasonCode[];

/** A rule's finding. `detail` is for the admin (the matched words, the ratio), never the seller. */
export interface ScamReason {
  code: ScamReasonCode;
  weight: number;
  detail?: { terms?: string[]; ratio?: number; median_per_m2?: number; offers?: number; hosts?: string[] };
}

/** From this sum of weights a flag enters the review queue. */
export const SCAM_FLAG_THRESHOLD = 30;
/** From this sum an offer is held from search (a message from its recipient) until reviewed. */
export const SCAM_HOLD_THRESHOLD = 60;

export const SCAM_PRICE_LOW_RATIO = 0.55;
export const SCAM_PRICE_VERY_LOW_RATIO = 0.35;
/** A median from fewer offers is not a reference. */
export const SCAM_PRICE_MIN_OFFERS = 8;
/** Below this area a price per m² says little (parking spaces, cellars). */
export const SCAM_PRICE_MIN_AREA_M2 = 10;
export const SCAM_BURST_MAX_ACCOUNT_DAYS = 14;
export const SCAM_BURST_OFFERS = 5;
export const SCAM_FLOOD_OFFERS = 10;

function reason(code: ScamReasonCode, detail?: ScamReason['detail']): ScamReason {
  return detail
    ? { code, weight: SCAM_REASON_WEIGHTS[code], detail }
    : { code, weight: SCAM_REASON_WEIGHTS[code] };
}

/**
 * The one form text and terms are compared in: lower case, accents and marks dropped, letters
 * without a decomposition folded (ł, đ, ı, ß, final sigma), typographic apostrophes made plain.
 */
export function scamText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/ı/g, 'i')
    .replace(/ß/g, 'ss')
    .replace(/ς/g, 'σ')
    .replace(/[’‘`]/g, "'")
    .replace(/\s+/g, ' ');
}

type TermKind = Exclude<keyof ScamPhraseRow, 'languages'>;
type CompiledTerms = Record<TermKind, { term: string; pattern: RegExp }[]>;

const TERM_KINDS: TermKind[] = [
  'pay',
  'before',
  'keys',
  'post',
  'abroad',
  'transfer',
  'wire',
  'crypto',
  'messenger',
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

let compiled: CompiledTerms | null = null;

/**
 * Every row's terms in one list per kind, whatever the text's language: a seller may write in
 * another language than the offer's locale, and a term of one language is not an honest word of
 * another often enough to matter (decision 067).
 */
function compiledTerms(): CompiledTerms {
  if (compiled) return compiled;
  const result = Object.fromEntries(TERM_KINDS.map((kind) => [kind, []])) as unknown as CompiledTerms;
  for (const row of SCAM_PHRASES) {
    const inside = row.languages.some((language) => SCAM_PHRASE_INSIDE_WORDS.has(language));
    for (const kind of TERM_KINDS) {
      for (const term of row[kind] ?? []) {
        const folded = scamText(term);
        // Terms are stems: they match at a word's start (Arabic anywhere, its words take prefixes).
        const pattern = new RegExp(`${inside ? '' : '(?<![\\p{L}\\p{N}])'}${escapeRegExp(folded)}`, 'u');
        result[kind].push({ term: folded, pattern });
      }
    }
  }
  compiled = result;
  return result;
}

type Compiled = CompiledTerms[TermKind];

function matching(text: string, terms: Compiled): Compiled {
  return terms.filter(({ pattern }) => pattern.test(text));
}

/** The terms found, a stem found inside a longer found term ("key" in "keys") left out. */
function named(terms: Compiled): string[] {
  const hits = [...new Set(terms.map(({ term }) => term))];
  return hits.filter((term) => !hits.some((other) => other !== term && other.includes(term)));
}

function found(text: string, kind: TermKind): string[] {
  return named(matching(text, compiledTerms()[kind]));
}

function sentences(text: string): string[] {
  return text.split(/[.!?;:\n\u061F\u06D4\u3002]+/u).filter((part) => part.trim().length > 0);
}

/**
 * Terms of both kinds in one sentence. The whole text is searched first, and the sentences only
 * for the terms it holds, so a text of many short sentences costs a few tests per sentence.
 */
function pairedInSentence(text: string, first: TermKind, second: TermKind): string[] {
  const a = matching(text, compiledTerms()[first]);
  if (a.length === 0) return [];
  const b = matching(text, compiledTerms()[second]);
  if (b.length === 0) return [];
  for (const sentence of sentences(text)) {
    const inA = matching(sentence, a);
    if (inA.length === 0) continue;
    const inB = matching(sentence, b);
    if (inB.length > 0) return [...named(inA), ...named(inB)];
  }
  return [];
}

// Every pattern starts only where a token starts (the lookbehinds), so a long run of letters or
// digits is read once, not once per position: a description of thousands of characters stays
// a fraction of a millisecond on the save path.
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
// Nine to fifteen digits, maybe in groups, maybe with a country prefix: a phone number. A price
// or an area has a currency or unit after it and is skipped.
const PHONE = /(?<![\p{L}\p{N}])(?:\+|00)?\d(?:[ .\-/]?\d){8,14}(?![\p{N}])/gu;
const AMOUNT_AFTER = /^\s*(?:,-|,\d|[a-z€$£¥₺]|лв|дин|ден|د\.|ر\.|м2|m2|m²)/iu;

/** Phone numbers, e-mail addresses and messaging apps written into a description (free text). */
export function contactDetailsRule(text: string): ScamReason[] {
  const folded = scamText(text);
  const terms: string[] = [];
  if (folded.includes('@') && EMAIL.test(folded)) terms.push('e-mail');
  for (const match of folded.matchAll(PHONE)) {
    const after = folded.slice(
      (match.index ?? 0) + match[0].length,
      (match.index ?? 0) + match[0].length + 4,
    );
    if (!AMOUNT_AFTER.test(after)) {
      terms.push('phone');
      break;
    }
  }
  terms.push(...found(folded, 'messenger'));
  return terms.length > 0 ? [reason('contact_details', { terms })] : [];
}

/**
 * Payment words in a description or a message, in every language of the table: an advance
 * payment tied to a viewing not yet made, keys by post, a transfer service, a crypto currency,
 * a wire transfer, the owner abroad.
 */
export function paymentWordsRule(text: string): ScamReason[] {
  const folded = scamText(text);
  const reasons: ScamReason[] = [];
  const advance = [...pairedInSentence(folded, 'pay', 'before'), ...pairedInSentence(folded, 'keys', 'post')];
  if (advance.length > 0) reasons.push(reason('advance_payment', { terms: [...new Set(advance)] }));
  const singles: [TermKind, ScamReasonCode][] = [
    ['transfer', 'transfer_service'],
    ['crypto', 'crypto_payment'],
    ['wire', 'wire_transfer'],
    ['abroad', 'owner_abroad'],
  ];
  for (const [kind, code] of singles) {
    const terms = found(folded, kind);
    if (terms.length > 0) reasons.push(reason(code, { terms }));
  }
  return reasons;
}

export interface PriceRuleInput {
  /** The offer's price in the base currency (offers.price_normalized); null on request. */
  priceNormalized: number | null;
  usefulAreaMeters: number | null;
  /** Fixed prices only: "on request" or negotiable prices have no figure to compare. */
  priceVariant: string;
  /** The area's median per m² (area_price_medians) and how many offers it is from; null when none. */
  median: { perM2: number; offers: number } | null;
}

/** Price per m² far below the median of the offer's city, offer type and property type. */
export function priceRule(input: PriceRuleInput): ScamReason[] {
  const { priceNormalized, usefulAreaMeters, median } = input;
  if (input.priceVariant !== 'fixed' || priceNormalized === null || priceNormalized <= 0) return [];
  if (usefulAreaMeters === null || usefulAreaMeters < SCAM_PRICE_MIN_AREA_M2) return [];
  if (!median || median.offers < SCAM_PRICE_MIN_OFFERS || median.perM2 <= 0) return [];
  const ratio = priceNormalized / usefulAreaMeters / median.perM2;
  const detail = {
    ratio: Math.round(ratio * 100) / 100,
    median_per_m2: Math.round(median.perM2),
    offers: median.offers,
  };
  if (ratio <= SCAM_PRICE_VERY_LOW_RATIO) return [reason('price_far_below_median', detail)];
  if (ratio <= SCAM_PRICE_LOW_RATIO) return [reason('price_below_median', detail)];
  return [];
}

/** Photos whose bytes are in another account's offer (`offers` of them). */
export function copiedPhotosRule(input: { otherSellersOffers: number }): ScamReason[] {
  return input.otherSellersOffers > 0
    ? [reason('photos_of_other_seller', { offers: input.otherSellersOffers })]
    : [];
}

export interface BurstRuleInput {
  accountAgeDays: number;
  /** A verified account (identity or company) is not a new unknown. */
  accountVerified: boolean;
  /** Offers the account created in the last 24 hours, this one included. */
  offersLastDay: number;
}

/** A new, unverified account posting many offers at once. */
export function accountBurstRule(input: BurstRuleInput): ScamReason[] {
  if (input.accountVerified || input.accountAgeDays >= SCAM_BURST_MAX_ACCOUNT_DAYS) return [];
  if (input.offersLastDay >= SCAM_FLOOD_OFFERS)
    return [reason('new_account_flood', { offers: input.offersLastDay })];
  if (input.offersLastDay >= SCAM_BURST_OFFERS)
    return [reason('new_account_burst', { offers: input.offersLastDay })];
  return [];
}

const URL_PATTERN =
  /(?<![\p{L}\p{N}.-])(?:https?:\/\/|www\.)[^\s<>"')\]]+|(?<![\p{L}\p{N}.-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}\/[^\s<>"')\]]*/giu;
/** Payment and money-transfer sites, and link shorteners that hide where a link goes. */
export const PAYMENT_HOSTS = [
  'paypal.me',
  'paypal.com',
  'revolut.me',
  'revolut.com',
  'wise.com',
  'skrill.com',
  'payoneer.com',
  'westernunion.com',
  'moneygram.com',
  'coinbase.com',
  'binance.com',
  'blockchain.com',
  'buy.stripe.com',
  'checkout.stripe.com',
  'bit.ly',
  'tinyurl.com',
  'cutt.ly',
  'rb.gy',
  'is.gd',
] as const;
const PAYMENT_PATH =
  /(?:^|[./_-])(pay|payment|payments|checkout|deposit|escrow|invoice|billing|wallet|secure-?booking|reservation-?fee|booking-?fee)(?:[./_?=-]|$)/u;

function hostOf(url: string): { host: string; path: string } | null {
  try {
    const parsed = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
    return { host: parsed.hostname.toLowerCase().replace(/^www\./, ''), path: parsed.pathname.toLowerCase() };
  } catch {
    return null;
  }
}

/**
 * Links to a payment page off the portal in a message: a payment or transfer site, a shortener,
 * or an address whose host or path names a payment. `ownHosts` (the portal's) never count.
 */
export function paymentLinkRule(text: string, ownHosts: readonly string[] = []): ScamReason[] {
  const hosts = new Set<string>();
  if (!text.includes('/') && !/www\./i.test(text)) return [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = hostOf(match[0]);
    if (!url || ownHosts.some((own) => url.host === own || url.host.endsWith(`.${own}`))) continue;
    const known = PAYMENT_HOSTS.some((host) => url.host === host || url.host.endsWith(`.${host}`));
    if (known || PAYMENT_PATH.test(url.host) || PAYMENT_PATH.test(url.path)) hosts.add(url.host);
  }
  return hosts.size > 0 ? [reason('payment_link', { hosts: [...hosts] })] : [];
}

export interface ScamVerdict {
  reasons: ScamReason[];
  score: number;
  /** Enters the review queue. */
  flagged: boolean;
  /** Held from search (an offer) or from its recipient (a message) until reviewed. */
  held: boolean;
}

/** Sums the reasons into a verdict against the two thresholds. */
export function scamVerdict(reasons: ScamReason[]): ScamVerdict {
  const score = reasons.reduce((sum, item) => sum + item.weight, 0);
  return { reasons, score, flagged: score >= SCAM_FLAG_THRESHOLD, held: score >= SCAM_HOLD_THRESHOLD };
}

export interface OfferScamInput {
  description: string | null;
  price: PriceRuleInput;
  otherSellersOffers: number;
  account: BurstRuleInput;
}

/** Every offer rule, on what a save knows. */
export function offerScamVerdict(input: OfferScamInput): ScamVerdict {
  const text = input.description ?? '';
  return scamVerdict([
    ...priceRule(input.price),
    ...copiedPhotosRule({ otherSellersOffers: input.otherSellersOffers }),
    ...paymentWordsRule(text),
    ...contactDetailsRule(text),
    ...accountBurstRule(input.account),
  ]);
}

/**
 * Every message rule: payment links and payment words. Contact details are not a finding in a
 * message, where people rightly give their phone number.
 */
export function messageScamVerdict(text: string, ownHosts: readonly string[] = []): ScamVerdict {
  return scamVerdict([...paymentLinkRule(text, ownHosts), ...paymentWordsRule(text)]);
}

/**
 * Whether a reviewed offer needs a new review: only when a save finds a reason the admin has not
 * already released (a released offer is not flagged again for the same findings on every save).
 */
export function hasNewScamReasons(current: ScamReason[], released: ScamReason[]): boolean {
  const known = new Set(released.map((item) => item.code));
  return current.some((item) => !known.has(item.code));
}
