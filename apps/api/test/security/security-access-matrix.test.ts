import {
  apiKeys,
  feedRuns,
  feeds,
  leads,
  leadThreads,
  offerMessages,
  type PhotoVariantsJson,
  properties,
  propertyEnergyCertificates,
  propertyMedia,
  savedSearches,
  sellerRatings,
  users,
} from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, type TestUser } from '../support/auth-helpers.ts';
import { buildTestApi, insertOffer, type TestApi } from '../support/helpers.ts';

// Issue 11 item 5 (ASVS 5.0 V8, OWASP authorization cheat sheet): an access-control matrix
// generated from the running app's route table. Every route and method must be classified in
// POLICY below (a new route that is not fails the first test, so whoever adds it decides who
// may call it); then each class is checked for guest, owner, other user and admin:
// - public: anyone (not checked further here; other suites prove their answers);
// - user: a guest gets 401 whatever the body; a signed-in user gets past authentication;
// - owner: like user, and another user (or an admin, who has no extra rights over private
//   resources) gets 404 for the owner's resource and the row stays unchanged; the owner does not;
// - owner_or_admin: like owner, except that an admin acts as the owner (moderation of
//   properties: seller-properties load-own-property.ts lets admins through);
// - admin: a guest 401, a signed-in non-admin 403, an admin gets past the check;
// - company: the signed-in company account's own profile (issue 38 point 12): a guest 401, a
//   person's account 403 `forbidden`, a company account gets past the check;
// - company_owner: one resource of a company account (its API keys, issue 42): a guest 401, a
//   person's account 403, another company 404 with the row unchanged, the owning company neither;
// - partner: the partner API, for API keys only (issue 42, its own suite proves keys and scopes):
//   a guest 401, and an access token 401 too, whoever it is for;
// - dev: the development mailbox, served with DEV_MAILBOX to loopback requests only, never in
//   production (proved by the mail suite); on here so its routes are in the table.

type Policy =
  | 'public'
  | 'user'
  | 'owner'
  | 'owner_or_admin'
  | 'admin'
  | 'dev'
  | 'company'
  | 'company_owner'
  | 'partner';

const POLICY: Record<string, Policy> = {
  // API documentation
  'GET /docs': 'public',
  'GET /docs/': 'public',
  'GET /docs/static/index.html': 'public',
  'GET /docs/static/swagger-initializer.js': 'public',
  'GET /docs/*': 'public',
  'GET /docs/json': 'public',
  'GET /docs/yaml': 'public',
  'GET /dev/mailbox': 'dev',
  'GET /dev/mailbox/:id': 'dev',
  'GET /health': 'public',
  'GET /health/live': 'public',
  'GET /health/ready': 'public',
  // offers, search, locations, content
  'GET /properties': 'public',
  // Public detail for anyone; a draft is visible to its owner only (identify, not authenticate).
  'GET /properties/:id': 'public',
  'GET /public/offers': 'public',
  'GET /public/offers/facets': 'public',
  'GET /public/offers/map': 'public',
  'GET /public/price_map': 'public',
  'GET /public/offers/:id': 'public',
  'GET /public/offers/:id/contact': 'public',
  'GET /public/offers/:id/points_of_interest': 'public',
  'GET /public/offers/:id/similar_offers': 'public',
  'GET /public/offers/:id/seller_offers': 'public',
  'GET /public/offers/:id/offer_translation': 'public',
  'GET /public/translation_service': 'public',
  'GET /public/offers/:id/tour_dates': 'public',
  // The certificate PDF of an offer search shows; of any state to its owner (issue 38 point 13).
  'GET /public/offers/:id/energy_certificate': 'public',
  'POST /public/offers/:id/offer_message': 'public',
  'POST /public/offers/:id/offer_report': 'public',
  // The buyer's side of a lead thread: no session, bound to the e-mail link's random token
  // (wrong token 404, lead-threads suite).
  'GET /public/lead_threads/:token': 'public',
  'POST /public/lead_threads/:token/messages': 'public',
  // The seller's rating through the reply e-mail's link (decision 066): the token is the key.
  'GET /public/lead_threads/:token/rating': 'public',
  'POST /public/lead_threads/:token/rating': 'public',
  // The availability e-mail's links (decision 065): the signed token is the key (forged 404,
  // expired 410, used 409: availability suite).
  'GET /availability/:token': 'public',
  'POST /availability/:token': 'public',
  'POST /public/offer_search_path/decompose': 'public',
  'POST /public/offer_search_path/compose': 'public',
  'GET /public/locations/autocomplete': 'public',
  'GET /public/locations/reverse': 'public',
  'GET /public/locations/nearby': 'public',
  'GET /public/locations/:id/area_description': 'public',
  'GET /public/users/:id': 'public',
  'GET /public/companies/:id': 'public',
  'GET /public/sellers/:id': 'public',
  // Issue 44 points 4 and 6 (decision 072): compare, and the cards of a browser's list.
  'GET /public/offers/compare': 'public',
  'GET /public/offers/cards': 'public',
  'GET /content/articles/:key': 'public',
  'GET /content/blog': 'public',
  'GET /content/blog/:slug': 'public',
  'GET /content/redirects/resolve': 'public',
  // Field definitions of the property and search forms (spec 7), the same for everyone.
  'GET /v1/property/property-form': 'public',
  'GET /v1/property/search-form': 'public',
  // authentication (rate limited; see security-brute-force)
  'POST /auth/signup': 'public',
  'POST /auth/signup/company': 'public',
  'POST /auth/login': 'public',
  'POST /auth/logout': 'public',
  'POST /auth/forgot_password': 'public',
  'POST /auth/reset_password': 'public',
  'POST /auth/confirm_email': 'public',
  'POST /api/token/refresh': 'public',
  'POST /users/reset-password-send': 'public',
  'POST /users/reset-password-validate': 'public',
  'POST /users/send-confirmation-email': 'public',
  // Signed by the link's HMAC token, not by a session (links in alert e-mails).
  'GET /saved_searches/unsubscribe': 'public',
  'POST /saved_searches/unsubscribe': 'public',
  // Issue 44 point 2 (alerts): the favourite alerts' one-click unsubscribe, by signed token.
  'GET /user/favorite_alerts/unsubscribe': 'public',
  'POST /user/favorite_alerts/unsubscribe': 'public',
  // the signed-in user's own data
  'GET /user/me': 'user',
  'PATCH /users/me': 'user',
  'PATCH /users/me/new_password': 'user',
  'PATCH /users/me/change-login-email': 'user',
  'POST /v1/user/save-profile-picture': 'user',
  'GET /user/favorite_offers': 'user',
  'GET /user/favorite_offers/ids': 'user',
  'POST /user/offers/:id/favorite_offer': 'user',
  'DELETE /user/offers/:id/favorite_offer': 'user',
  'GET /my/favorite/properties': 'user',
  // Issue 44 point 6 (decision 072): hidden and recently viewed offers.
  'GET /user/hidden_offers': 'user',
  'POST /user/hidden_offers': 'user',
  'POST /user/hidden_offers/:id': 'user',
  'DELETE /user/hidden_offers/:id': 'user',
  'GET /user/recently_viewed': 'user',
  'POST /user/recently_viewed': 'user',
  'POST /my/favorite/properties': 'user',
  'DELETE /my/favorite/properties': 'user',
  'GET /my/offers/stats': 'user',
  'GET /my/own/properties': 'user',
  // The properties are named in the body; another user's id answers `not_found` per id (my-offers-bulk suite).
  'POST /my/own/properties/bulk': 'user',
  'POST /v1/property/save': 'user',
  // The property is named in the body; ownership is checked there (seller-properties suite).
  'POST /v1/property/save-tour-dates': 'user',
  'POST /v1/property-media/save': 'user',
  'GET /saved_searches': 'user',
  'POST /saved_searches': 'user',
  'GET /leads': 'user',
  'POST /leads': 'user',
  // Leads as conversations (issue 38 point 10): the seller's lists and figures of their own.
  'GET /lead_threads': 'user',
  'GET /lead_threads/unread': 'user',
  'GET /lead_threads/reply_rate': 'user',
  'GET /user/lead_threads': 'user',
  // Shared search boards (issue 44 point 3, decision 071): every board route is a member's; a
  // non-member's 404 with nothing changed, a member's 403 on the owner's calls and a removed
  // member's 404 (also on an open stream) are proved in features/boards/boards.test.ts.
  'GET /my/boards': 'user',
  'POST /my/boards': 'user',
  'GET /my/boards/:id': 'user',
  'PATCH /my/boards/:id': 'user',
  'DELETE /my/boards/:id': 'user',
  'GET /my/boards/:id/events': 'user',
  'POST /my/boards/:id/items': 'user',
  'POST /my/boards/:id/favorites': 'user',
  'PATCH /my/boards/:id/items/:itemId': 'user',
  'DELETE /my/boards/:id/items/:itemId': 'user',
  'POST /my/boards/:id/items/:itemId/notes': 'user',
  'DELETE /my/boards/:id/items/:itemId/notes/:noteId': 'user',
  'POST /my/boards/:id/invitations': 'user',
  'DELETE /my/boards/:id/invitations/:invitationId': 'user',
  'DELETE /my/boards/:id/members/:userId': 'user',
  'POST /my/board-invitations': 'user',
  'GET /public/board-invitations/:token': 'public',
  // the company profile of a company account (issue 38 point 12)
  'GET /users/me/company-profile': 'company',
  'PUT /users/me/company-profile': 'company',
  'POST /users/me/company-profile/logo': 'company',
  'DELETE /users/me/company-profile/logo': 'company',
  // partner API keys of a company account (issue 42)
  'GET /users/me/api-keys': 'company',
  'POST /users/me/api-keys': 'company',
  'DELETE /users/me/api-keys/:id': 'company_owner',
  // the partner API, authenticated by a company's API key (issue 42)
  'GET /v1/partner/listings': 'partner',
  'PUT /v1/partner/listings/:externalId': 'partner',
  'GET /v1/partner/listings/:externalId': 'partner',
  'DELETE /v1/partner/listings/:externalId': 'partner',
  // agency feeds of a company account (issue 42)
  'GET /users/me/feeds': 'company',
  'POST /users/me/feeds': 'company',
  'PATCH /users/me/feeds/:id': 'company_owner',
  'DELETE /users/me/feeds/:id': 'company_owner',
  'POST /users/me/feeds/:id/upload': 'company_owner',
  'POST /users/me/feeds/:id/run': 'company_owner',
  'GET /users/me/feeds/:id/runs': 'company_owner',
  'GET /users/me/feed-runs/:runId': 'company_owner',
  // moderation
  'PATCH /properties/:id/verify': 'admin',
  'POST /properties/strike/:id': 'admin',
  'DELETE /properties/strike/:id': 'admin',
  'GET /admin/reports': 'admin',
  'POST /admin/reports/:id/:action': 'admin',
  // the scam review queue (issue 43 point 4, decision 067)
  'GET /admin/scam-flags': 'admin',
  'POST /admin/scam-flags/:id/:action': 'admin',
  // groups of offers of one property: the admin's view and split (issue 43 point 2, decision 068)
  'GET /admin/property-groups/:id': 'admin',
  'POST /admin/property-groups/:id/split': 'admin',
  // the redirects table (issue 10)
  'GET /admin/redirects': 'admin',
  'POST /admin/redirects': 'admin',
  'PATCH /admin/redirects/:id': 'admin',
  'DELETE /admin/redirects/:id': 'admin',
  // one resource of its owner
  'GET /my/offers/:id/stats': 'owner',
  'PATCH /properties/:id': 'owner_or_admin',
  'POST /v1/properties/set-state/:id': 'owner_or_admin',
  'POST /properties/:id/duplicate': 'owner_or_admin',
  // "Still available?" from the seller's own offers (decision 065).
  'POST /properties/:id/confirm-availability': 'owner_or_admin',
  'PATCH /properties/:id/property_medias': 'owner_or_admin',
  'PATCH /properties/:id/property_medias/:mediaId': 'owner_or_admin',
  'DELETE /properties/:id/property_medias/:mediaId': 'owner_or_admin',
  'PUT /properties/:id/video': 'owner_or_admin',
  'PUT /properties/:id/energy_certificate': 'owner_or_admin',
  'DELETE /properties/:id/energy_certificate': 'owner_or_admin',
  'PATCH /saved_searches/:id': 'owner',
  'DELETE /saved_searches/:id': 'owner',
  'PATCH /leads/:id': 'owner',
  'GET /lead_threads/:id': 'owner',
  'POST /lead_threads/:id/messages': 'owner',
  'PATCH /lead_threads/:id': 'owner',
  // The buyer's side of their own threads: the owner is the account that wrote.
  'GET /user/lead_threads/:id': 'owner',
  'POST /user/lead_threads/:id/messages': 'owner',
  // Only the person who wrote rates the seller of the conversation (decision 066).
  'GET /user/lead_threads/:id/rating': 'owner',
  'POST /user/lead_threads/:id/rating': 'owner',
};

/**
 * "METHOD /path" of every route the app serves, read from Fastify's route tree. HEAD mirrors
 * GET and `OPTIONS *` is the CORS preflight, so both are left out.
 */
function routeTable(text: string): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of text.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes.length = depth;
    prefixes[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

let api: TestApi;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let routes: string[];

beforeAll(async () => {
  api = await buildTestApi({ DEV_MAILBOX: 'on' });
  owner = await createUser(api.db, { verified: true });
  other = await createUser(api.db, { verified: true });
  admin = await createUser(api.db, { verified: true, isAdmin: true });
  routes = routeTable(api.app.printRoutes({ commonPrefix: false }));
});
afterAll(() => api.close());

const concrete = (path: string) =>
  path
    .replace(/:(id|mediaId|itemId|noteId|invitationId|userId)\b/g, '1')
    .replace(/:action\b/g, 'dismiss')
    .replace(/:(key|slug)\b/g, 'terms')
    .replace(/:externalId\b/g, 'flat-1')
    .replace('*', 'x');

function call(route: string, who: TestUser | null, payload?: unknown, url?: string) {
  const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', string];
  const hasBody = method !== 'GET';
  // PATCH /properties/{id} takes a JSON merge patch (RFC 7396); everything else plain JSON.
  const contentType = route === 'PATCH /properties/:id' ? 'application/merge-patch+json' : 'application/json';
  return api.app.inject({
    method,
    url: url ?? concrete(path),
    headers: {
      ...(who ? bearer(api.config, who.id) : {}),
      ...(hasBody ? { 'content-type': contentType } : {}),
    },
    ...(hasBody ? { payload: JSON.stringify(payload ?? {}) } : {}),
    // Spread over addresses so the per-address budgets of the routes are not what answers.
    remoteAddress: `172.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

/**
 * How to reach one owner route on a resource of `owner`: the URL, a body the owner may send, and
 * a snapshot of the rows the call would change. Every owner route needs one.
 */
interface OwnerFixture {
  url: string;
  payload?: unknown;
  snapshot(): Promise<unknown>;
}

const ownerFixtures: Record<string, () => Promise<OwnerFixture>> = {
  'GET /my/offers/:id/stats': async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    return { url: `/my/offers/${id}/stats`, snapshot: async () => null };
  },
  'PATCH /properties/:id': async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    return {
      url: `/properties/${id}`,
      payload: { price: 4_321_000 },
      snapshot: () => api.db.select().from(properties).where(eq(properties.id, id)),
    };
  },
  'POST /v1/properties/set-state/:id': async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    return {
      url: `/v1/properties/set-state/${id}`,
      payload: { state: 'paused' },
      snapshot: () => api.db.select().from(properties).where(eq(properties.id, id)),
    };
  },
  'POST /properties/:id/confirm-availability': async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    return {
      url: `/properties/${id}/confirm-availability`,
      snapshot: () => api.db.select().from(properties).where(eq(properties.id, id)),
    };
  },
  'POST /properties/:id/duplicate': async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    return {
      url: `/properties/${id}/duplicate`,
      // A refused copy leaves the owner's properties as they were: no new draft.
      snapshot: () => api.db.select({ id: properties.id }).from(properties).orderBy(properties.id),
    };
  },
  'PATCH /properties/:id/property_medias': async () => {
    const { id, mediaIds } = await ownersPropertyWithPhotos();
    return {
      url: `/properties/${id}/property_medias`,
      payload: { order: [...mediaIds].reverse() },
      snapshot: () => api.db.select().from(propertyMedia).where(eq(propertyMedia.propertyId, id)),
    };
  },
  'PATCH /properties/:id/property_medias/:mediaId': async () => {
    const { id, mediaIds } = await ownersPropertyWithPhotos();
    return {
      url: `/properties/${id}/property_medias/${mediaIds[0]}`,
      payload: { room_type: 'kitchen' },
      snapshot: () => api.db.select().from(propertyMedia).where(eq(propertyMedia.propertyId, id)),
    };
  },
  'DELETE /properties/:id/property_medias/:mediaId': async () => {
    const { id, mediaIds } = await ownersPropertyWithPhotos();
    return {
      url: `/properties/${id}/property_medias/${mediaIds[0]}`,
      snapshot: () => api.db.select().from(propertyMedia).where(eq(propertyMedia.propertyId, id)),
    };
  },
  'PUT /properties/:id/video': async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    return {
      url: `/properties/${id}/video`,
      payload: { url: 'https://youtu.be/dQw4w9WgXcQ' },
      snapshot: () => api.db.select().from(properties).where(eq(properties.id, id)),
    };
  },
  // A JSON body: the ownership check comes before the file is read (the owner gets 422).
  'PUT /properties/:id/energy_certificate': async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    return {
      url: `/properties/${id}/energy_certificate`,
      snapshot: () =>
        api.db.select().from(propertyEnergyCertificates).where(eq(propertyEnergyCertificates.propertyId, id)),
    };
  },
  'DELETE /properties/:id/energy_certificate': async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    await api.db.insert(propertyEnergyCertificates).values({
      propertyId: id,
      storageKey: `documents/${id}/matrix/energy-certificate.pdf`,
      fileName: 'a.pdf',
      bytes: 1,
    });
    return {
      url: `/properties/${id}/energy_certificate`,
      snapshot: () =>
        api.db.select().from(propertyEnergyCertificates).where(eq(propertyEnergyCertificates.propertyId, id)),
    };
  },
  'PATCH /saved_searches/:id': async () => {
    const id = await ownersSavedSearch();
    return {
      url: `/saved_searches/${id}`,
      payload: { name: 'Renamed', search_path: '/cs/hledani/prodej/byty/cesko/praha' },
      snapshot: () => api.db.select().from(savedSearches).where(eq(savedSearches.id, id)),
    };
  },
  'DELETE /saved_searches/:id': async () => {
    const id = await ownersSavedSearch();
    return {
      url: `/saved_searches/${id}`,
      snapshot: () => api.db.select().from(savedSearches).where(eq(savedSearches.id, id)),
    };
  },
  'GET /lead_threads/:id': async () => {
    const id = await ownersLeadThread();
    return { url: `/lead_threads/${id}`, snapshot: threadSnapshot(id) };
  },
  'POST /lead_threads/:id/messages': async () => {
    const id = await ownersLeadThread();
    return {
      url: `/lead_threads/${id}/messages`,
      payload: { body: 'Yes, come on Friday.' },
      snapshot: threadSnapshot(id),
    };
  },
  'PATCH /lead_threads/:id': async () => {
    const id = await ownersLeadThread();
    return {
      url: `/lead_threads/${id}`,
      payload: { status: 'closed', read: true },
      snapshot: threadSnapshot(id),
    };
  },
  'GET /user/lead_threads/:id': async () => {
    const id = await ownersBuyerThread();
    return { url: `/user/lead_threads/${id}`, snapshot: threadSnapshot(id) };
  },
  'POST /user/lead_threads/:id/messages': async () => {
    const id = await ownersBuyerThread();
    return {
      url: `/user/lead_threads/${id}/messages`,
      payload: { body: 'Thanks!' },
      snapshot: threadSnapshot(id),
    };
  },
  'GET /user/lead_threads/:id/rating': async () => {
    const id = await ownersBuyerThread();
    return { url: `/user/lead_threads/${id}/rating`, snapshot: ratingSnapshot(id) };
  },
  'POST /user/lead_threads/:id/rating': async () => {
    const id = await ownersBuyerThread();
    return { url: `/user/lead_threads/${id}/rating`, payload: { stars: 4 }, snapshot: ratingSnapshot(id) };
  },
  'PATCH /leads/:id': async () => {
    const offerId = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    const sender = await createUser(api.db, { verified: true });
    const sent = await call('POST /leads', sender, { offer_id: offerId, message: 'Is it still available?' });
    expect(sent.statusCode, sent.body).toBe(201);
    const [lead] = await api.db.select({ id: leads.id }).from(leads).where(eq(leads.propertyId, offerId));
    return {
      url: `/leads/${lead!.id}`,
      payload: { read: true },
      snapshot: () => api.db.select().from(leads).where(eq(leads.id, lead!.id)),
    };
  },
};

/** How to reach one company_owner route on a resource of the company `owning`. */
const companyOwnerFixtures: Record<string, (owning: TestUser) => Promise<OwnerFixture>> = {
  'DELETE /users/me/api-keys/:id': async (owning) => {
    const created = await call('POST /users/me/api-keys', owning, { name: 'CRM', scopes: ['listings:read'] });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { key: { id: number } }).key.id;
    return {
      url: `/users/me/api-keys/${id}`,
      snapshot: () => api.db.select().from(apiKeys).where(eq(apiKeys.id, id)),
    };
  },
  'PATCH /users/me/feeds/:id': async (owning) => {
    const id = await companysFeed(owning);
    return { url: `/users/me/feeds/${id}`, payload: { name: 'Renamed' }, snapshot: () => feedState(id) };
  },
  'DELETE /users/me/feeds/:id': async (owning) => {
    const id = await companysFeed(owning);
    return { url: `/users/me/feeds/${id}`, snapshot: () => feedState(id) };
  },
  'POST /users/me/feeds/:id/upload': async (owning) => {
    const id = await companysFeed(owning, 'upload');
    return { url: `/users/me/feeds/${id}/upload`, snapshot: () => feedState(id) };
  },
  'POST /users/me/feeds/:id/run': async (owning) => {
    const id = await companysFeed(owning);
    return { url: `/users/me/feeds/${id}/run`, snapshot: () => feedState(id) };
  },
  'GET /users/me/feeds/:id/runs': async (owning) => {
    const id = await companysFeed(owning);
    return { url: `/users/me/feeds/${id}/runs`, snapshot: () => feedState(id) };
  },
  'GET /users/me/feed-runs/:runId': async (owning) => {
    const id = await companysFeed(owning);
    const run = await call('POST /users/me/feeds/:id/run', owning, {}, `/users/me/feeds/${id}/run`);
    expect(run.statusCode, run.body).toBe(202);
    return { url: `/users/me/feed-runs/${(run.json() as { id: number }).id}`, snapshot: () => feedState(id) };
  },
};

/** A feed of the company `owning`: a URL feed unless asked for an upload feed. */
async function companysFeed(owning: TestUser, source: 'url' | 'upload' = 'url'): Promise<number> {
  const created = await call('POST /users/me/feeds', owning, {
    name: 'CRM export',
    format: 'openimmo',
    source,
    ...(source === 'url' ? { url: 'https://crm.example.com/export.xml' } : {}),
  });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { id: number }).id;
}

async function feedState(id: number) {
  return {
    feed: await api.db.select().from(feeds).where(eq(feeds.id, id)),
    runs: await api.db.select().from(feedRuns).where(eq(feedRuns.feedId, id)),
  };
}

async function ownersLeadThread(): Promise<number> {
  const offerId = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
  const sender = await createUser(api.db, { verified: true });
  const sent = await call('POST /leads', sender, { offer_id: offerId, message: 'Can I see it?' });
  expect(sent.statusCode, sent.body).toBe(201);
  const [thread] = await api.db
    .select({ id: leadThreads.id })
    .from(leadThreads)
    .where(eq(leadThreads.propertyId, offerId));
  return thread!.id;
}

/** A thread the owner started as a buyer, on someone else's offer. */
async function ownersBuyerThread(): Promise<number> {
  const offerOwner = await createUser(api.db, { verified: true });
  const offerId = await insertOffer(api.db, { ownerId: offerOwner.id, publishedAt: new Date() });
  const sent = await call('POST /leads', owner, { offer_id: offerId, message: 'Is there parking?' });
  expect(sent.statusCode, sent.body).toBe(201);
  const [thread] = await api.db
    .select({ id: leadThreads.id })
    .from(leadThreads)
    .where(eq(leadThreads.propertyId, offerId));
  return thread!.id;
}

const ratingSnapshot = (id: number) => async () => ({
  ratings: await api.db.select().from(sellerRatings).where(eq(sellerRatings.threadId, id)),
});

const threadSnapshot = (id: number) => async () => ({
  thread: await api.db.select().from(leadThreads).where(eq(leadThreads.id, id)),
  messages: await api.db.select().from(offerMessages).where(eq(offerMessages.threadId, id)),
});

/** A property of the owner with two photo rows (no files: the ownership check comes first). */
async function ownersPropertyWithPhotos(): Promise<{ id: number; mediaIds: number[] }> {
  const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
  const rows = await api.db
    .insert(propertyMedia)
    .values(
      [0, 1].map((position) => ({
        propertyId: id,
        position,
        storageKey: `matrix/${id}/${position}`,
        variants: Object.fromEntries(
          ['thumb', 'card', 'gallery', 'full'].map((size) => [size, `matrix/${id}/${position}/${size}.webp`]),
        ) as PhotoVariantsJson,
      })),
    )
    .returning({ id: propertyMedia.id });
  return { id, mediaIds: rows.map((row) => row.id) };
}

async function ownersSavedSearch(): Promise<number> {
  const response = await call('POST /saved_searches', owner, {
    name: 'Praha 2+kk',
    filters: { offer_type: 'sale', property_type: 'apartment', country_code: 'cz' },
    search_path: '/cs/hledani/prodej/byty/cesko/praha',
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

const byPolicy = (policy: Policy) => Object.keys(POLICY).filter((route) => POLICY[route] === policy);
const ownerRoutes = () => [...byPolicy('owner'), ...byPolicy('owner_or_admin')];

describe('access-control matrix', () => {
  it('classifies every route of the app, and only routes that exist', () => {
    expect(routes.length).toBeGreaterThan(40);
    const unclassified = routes.filter((route) => !(route in POLICY));
    expect(unclassified, 'routes without a policy: add them to POLICY').toEqual([]);
    const stale = Object.keys(POLICY).filter((route) => !routes.includes(route));
    expect(stale, 'POLICY entries for routes that no longer exist').toEqual([]);
  });

  it('answers a guest 401 on every user, owner and admin route, whatever the body', async () => {
    for (const route of [
      ...byPolicy('user'),
      ...ownerRoutes(),
      ...byPolicy('admin'),
      ...byPolicy('company'),
      ...byPolicy('company_owner'),
      ...byPolicy('partner'),
    ]) {
      for (const payload of [undefined, { junk: true }]) {
        const response = await call(route, null, payload);
        expect(response.statusCode, `${route}: ${response.body}`).toBe(401);
        expect(response.json(), route).toMatchObject({ code: 'unauthorized' });
      }
    }
  });

  it('lets a signed-in user past authentication on every user route', async () => {
    for (const route of byPolicy('user')) {
      const response = await call(route, other);
      expect([401, 403], `${route}: ${response.statusCode} ${response.body}`).not.toContain(
        response.statusCode,
      );
    }
  });

  it("answers a person's account 403 and lets a company account through on every company route", async () => {
    const company = await createUser(api.db, {
      verified: true,
      accountType: 'company',
      companyName: 'Matice Reality s.r.o.',
    });
    for (const route of byPolicy('company')) {
      const refused = await call(route, other, { name: 'Matice Reality s.r.o.' });
      expect(refused.statusCode, `${route}: ${refused.body}`).toBe(403);
      expect(refused.json(), route).toMatchObject({ code: 'forbidden' });
      const response = await call(route, company, { name: 'Matice Reality s.r.o.' });
      expect([401, 403, 404], `${route}: ${response.statusCode} ${response.body}`).not.toContain(
        response.statusCode,
      );
      expect(response.statusCode, route).toBeLessThan(500);
    }
  });

  it('answers a person 403, another company 404 and the owning company neither on every company resource', async () => {
    const missing = byPolicy('company_owner').filter((route) => !(route in companyOwnerFixtures));
    expect(missing, 'company_owner routes without a fixture in companyOwnerFixtures').toEqual([]);
    const companyAccount = () =>
      createUser(api.db, { verified: true, accountType: 'company', companyName: 'Matice Reality s.r.o.' });
    const owning = await companyAccount();
    const stranger = await companyAccount();
    for (const route of byPolicy('company_owner')) {
      const fixture = await companyOwnerFixtures[route]!(owning);
      const before = await fixture.snapshot();
      const person = await call(route, other, fixture.payload, fixture.url);
      expect(person.statusCode, `${route} as a person: ${person.body}`).toBe(403);
      const refused = await call(route, stranger, fixture.payload, fixture.url);
      expect(refused.statusCode, `${route} as another company: ${refused.body}`).toBe(404);
      expect(await fixture.snapshot(), route).toEqual(before);
      const response = await call(route, owning, fixture.payload, fixture.url);
      expect([401, 403, 404], `${route}: ${response.statusCode} ${response.body}`).not.toContain(
        response.statusCode,
      );
      expect(response.statusCode, route).toBeLessThan(500);
    }
  });

  it('answers an access token 401 on every partner route, a company’s and an admin’s alike', async () => {
    const company = await createUser(api.db, {
      verified: true,
      accountType: 'company',
      companyName: 'Matice Reality s.r.o.',
    });
    for (const route of byPolicy('partner')) {
      for (const who of [company, admin, owner]) {
        const response = await call(route, who, {});
        expect(response.statusCode, `${route}: ${response.body}`).toBe(401);
        expect(response.json(), route).toMatchObject({
          errors: { authorization: ['partner.error.invalid_key'] },
        });
      }
    }
  });

  it('answers a non-admin 403 and lets an admin through on every admin route', async () => {
    for (const route of byPolicy('admin')) {
      expect((await call(route, other)).statusCode, route).toBe(403);
      expect([401, 403], route).not.toContain((await call(route, admin)).statusCode);
    }
  });

  it("answers 404 to another user (and to an admin unless admins moderate it) for the owner's resource, changing nothing", async () => {
    const missing = ownerRoutes().filter((route) => !(route in ownerFixtures));
    expect(missing, 'owner routes without a fixture in ownerFixtures').toEqual([]);
    for (const route of ownerRoutes()) {
      const fixture = await ownerFixtures[route]!();
      const before = await fixture.snapshot();
      const intruders = POLICY[route] === 'owner' ? [other, admin] : [other];
      for (const intruder of intruders) {
        const response = await call(route, intruder, fixture.payload, fixture.url);
        const who = intruder === admin ? 'admin' : 'other user';
        expect(response.statusCode, `${route} as ${who}: ${response.body}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
        expect(await fixture.snapshot(), `${route} as ${who}`).toEqual(before);
      }
      // The same request by the owner (and a moderating admin) is not refused as not found, so
      // the 404 above is about ownership. The fixtures' rows are minimal, so a full-record
      // validation may still answer 422.
      for (const allowed of POLICY[route] === 'owner' ? [owner] : [owner, admin]) {
        // A fresh resource each, since a DELETE by the first leaves nothing for the second.
        const own = allowed === owner ? fixture : await ownerFixtures[route]!();
        const response = await call(route, allowed, own.payload, own.url);
        expect([401, 403, 404], `${route}: ${response.statusCode} ${response.body}`).not.toContain(
          response.statusCode,
        );
        expect(response.statusCode).toBeLessThan(500);
      }
    }
  });

  it("answers 404 for a resource that does not exist, the same as for another user's", async () => {
    for (const route of ownerRoutes()) {
      const fixture = await ownerFixtures[route]!();
      const ghost = fixture.url.replace(/\/\d+(\/|$)/, '/987654321$1');
      const response = await call(route, other, fixture.payload, ghost);
      expect(response.statusCode, `${route} ${ghost}: ${response.body}`).toBe(404);
    }
  });

  it('keeps the users table as it was for the admin flag of the fixtures', async () => {
    // The checks above must not have promoted or demoted anyone.
    const rows = await api.db.select({ id: users.id, isAdmin: users.isAdmin }).from(users);
    expect(rows.filter((row) => row.isAdmin).map((row) => row.id)).toEqual([admin.id]);
  });
});
