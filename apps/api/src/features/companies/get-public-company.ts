import { companyProfiles, type Db, offers, users } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  COMPANY_OFFERS_PAGE_SIZE,
  type CompanyDescription,
  type Currency,
  companySlug,
  DEFAULT_CURRENCY,
  type PublicCompany,
  pageMeta,
  pageOffset,
} from '@estately/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { parseJson, type RateRow, ratesColumn, ratesFromRows } from '../offers-shared/exchange-rates.ts';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';
import { PUBLIC_OFFER } from '../search/offer-conditions.ts';
import { logoUrls } from './company-logo.ts';

/**
 * GET /public/companies/{id} (issue 38 point 12): a company's public page: its profile and its
 * public offers (the search's cards, newest first), a page at a time. A company account
 * without a saved profile shows its company name only: the account's own address and ids stay
 * private until the company publishes them in its profile. A person's account, an unknown id
 * and a company without a name answer 404, so ids cannot be walked to list members.
 */
export async function getPublicCompany(options: {
  db: Db;
  storage: MediaStorage;
  id: number;
  page?: number | undefined;
  perPage?: number | undefined;
  currency?: Currency | undefined;
}): Promise<PublicCompany> {
  const { db, storage, id } = options;
  const page = options.page ?? 1;
  const perPage = options.perPage ?? COMPANY_OFFERS_PAGE_SIZE;
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const [row] = await db
    .select({
      accountType: users.accountType,
      companyName: users.companyName,
      createdAt: users.createdAt,
      profile: companyProfiles,
      rates: ratesColumn(),
    })
    .from(users)
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (row?.accountType !== 'company') throw new AppError('not_found');
  const name = (row.profile?.name ?? row.companyName ?? '').trim();
  if (!name) throw new AppError('not_found');

  const where = and(eq(offers.ownerId, id), PUBLIC_OFFER);
  const [cards, total] = await Promise.all([
    db
      .select(offerCardColumns)
      .from(offers)
      .where(where)
      .orderBy(desc(offers.activatedAt), desc(offers.id))
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    db.select({ n: count() }).from(offers).where(where),
  ]);
  const rates = ratesFromRows(parseJson<RateRow[] | null>(row.rates) ?? []);
  const p = row.profile;
  return {
    id,
    slug: companySlug(id, name),
    name,
    logoUrls: logoUrls(storage, p?.logoKey ?? null),
    street: p?.street ?? null,
    city: p?.city ?? null,
    postcode: p?.postcode ?? null,
    countryCode: p?.countryCode ?? null,
    registrationNumber: p?.registrationNumber ?? null,
    website: p?.website ?? null,
    phone: p?.phone ?? null,
    descriptions: (p?.descriptions ?? []) as CompanyDescription[],
    memberSince: row.createdAt.toISOString(),
    offers: {
      data: cards.map((card) => toOfferCard(card, { currency, rates, storage })),
      meta: pageMeta(total[0]?.n ?? 0, page, perPage),
    },
  };
}
