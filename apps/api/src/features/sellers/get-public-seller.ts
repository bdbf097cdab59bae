import { companyProfiles, type Db, offers, properties, sellers, users } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  type Currency,
  companySlug,
  DEFAULT_CURRENCY,
  type OfferType,
  type PublicSellerPage,
  pageMeta,
  pageOffset,
  SELLER_PAGE_SIZE,
  type SellerType,
  sellerSlug,
} from '@estately/domain';
import { and, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { parseJson, type RateRow, ratesColumn, ratesFromRows } from '../offers-shared/exchange-rates.ts';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';
import { PUBLIC_OFFER } from '../search/offer-conditions.ts';
import { profilePictureUrls } from '../users/user-view.ts';

/** The words of a search as the offers' `search_text` holds them: lower case, no accents. */
export function searchWords(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * GET /public/sellers/{id} (issue 39 point 15, decision 053): the public page of an account that
 * sells, a private person as much as an agency: name, picture, seller type, rating, member since,
 * the share of conversations answered (once there are enough to say something), and its public
 * offers, newest first, a page at a time, narrowed by address words and offer type.
 *
 * Who has one: the accounts GET /public/users/{id} shows (company accounts, accounts linked to a
 * seller profile, persons who published a property); anyone else, an unknown id and a deleted
 * account answer 404, so ids cannot be walked to list members. Never shown: the account's e-mail,
 * phone, address and company ids (buyers reach a seller through an offer's contact and form).
 */
export async function getPublicSeller(options: {
  db: Db;
  storage: MediaStorage;
  id: number;
  page?: number | undefined;
  perPage?: number | undefined;
  currency?: Currency | undefined;
  q?: string | undefined;
  offerType?: OfferType | undefined;
}): Promise<PublicSellerPage> {
  const { db, storage, id } = options;
  const page = options.page ?? 1;
  const perPage = options.perPage ?? SELLER_PAGE_SIZE;
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const publishedSomething = sql<boolean>`exists (select 1 from ${properties} where ${and(
    eq(properties.ownerId, users.id),
    isNotNull(properties.publishedAt),
  )})`;
  const [row] = await db
    .select({
      accountType: users.accountType,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      profileName: companyProfiles.name,
      profilePicturePath: users.profilePicturePath,
      createdAt: users.createdAt,
      sellerId: users.sellerId,
      // A seller without a profile keeps its rating on the account (decision 066).
      ownRating: users.sellerRating,
      ownRatingCount: users.sellerRatingCount,
      replyThreads: users.replyThreads,
      replyRatePercent: users.replyRatePercent,
      replyMedianMinutes: users.replyMedianMinutes,
      seller: {
        name: sellers.name,
        sellerType: sellers.sellerType,
        rating: sellers.rating,
        ratingCount: sellers.ratingCount,
        isVerified: sellers.isVerified,
      },
      publishedSomething,
      rates: ratesColumn(),
    })
    .from(users)
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .leftJoin(sellers, eq(sellers.id, users.sellerId))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw new AppError('not_found');
  const isCompany = row.accountType === 'company';
  if (!isCompany && row.sellerId === null && !row.publishedSomething) throw new AppError('not_found');

  const personal = [row.firstName, row.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  const companyName = isCompany ? (row.profileName ?? row.companyName ?? '').trim() : '';
  const name = (isCompany ? companyName : personal) || row.seller?.name?.trim() || '';
  if (!name) throw new AppError('not_found');

  const mine = and(eq(offers.ownerId, id), PUBLIC_OFFER) as SQL;
  const narrowed: SQL[] = [mine];
  if (options.offerType) narrowed.push(eq(offers.offerType, options.offerType));
  // strpos, not LIKE: the visitor's % and _ are letters to find, not patterns.
  for (const word of searchWords(options.q)) narrowed.push(sql`strpos(${offers.searchText}, ${word}) > 0`);
  const where = and(...narrowed);
  const filtered = narrowed.length > 1;
  const [cards, total, all] = await Promise.all([
    db
      .select(offerCardColumns)
      .from(offers)
      .where(where)
      .orderBy(desc(offers.activatedAt), desc(offers.id))
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    db.select({ n: count() }).from(offers).where(where),
    filtered ? db.select({ n: count() }).from(offers).where(mine) : null,
  ]);
  const matching = total[0]?.n ?? 0;
  const rates = ratesFromRows(parseJson<RateRow[] | null>(row.rates) ?? []);
  const seller = row.seller;
  return {
    id,
    slug: sellerSlug(id, name),
    name,
    accountType: isCompany ? 'company' : 'person',
    companySlug: isCompany && companyName ? companySlug(id, companyName) : null,
    pictureUrls: profilePictureUrls(storage, row.profilePicturePath),
    sellerType: (seller?.sellerType as SellerType | undefined) ?? 'private',
    ...(seller
      ? { rating: seller.rating === null ? null : Number(seller.rating), ratingCount: seller.ratingCount }
      : { rating: row.ownRating === null ? null : Number(row.ownRating), ratingCount: row.ownRatingCount }),
    verified: seller?.isVerified ?? false,
    memberSince: row.createdAt.toISOString(),
    // The stored figures of the reply roll-up (decision 065), null below the minimum.
    replyRate:
      row.replyRatePercent === null
        ? null
        : {
            share: row.replyRatePercent / 100,
            threads: row.replyThreads,
            medianMinutes: row.replyMedianMinutes,
          },
    activeOffersCount: all ? (all[0]?.n ?? 0) : matching,
    offers: {
      data: cards.map((card) => toOfferCard(card, { currency, rates, storage })),
      meta: pageMeta(matching, page, perPage),
    },
  };
}
