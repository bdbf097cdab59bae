import { LOCALES, ROUTE_ENTRIES } from '@estately/domain';
import { layout, type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';
import { ADMIN_SECTIONS, adminPath } from './routing/admin-paths.ts';
import { availabilityLinkPath } from './routing/availability-paths.ts';
import { boardInvitationPath, boardPath, boardsPath } from './routing/boards-paths.ts';
import { companySettingsPath } from './routing/company-paths.ts';
import { apiKeysPath, feedRunPath, feedRunsPath, feedsPath, feedUploadPath } from './routing/feeds-paths.ts';
import { buyerThreadPath, leadsPath, myMessagesPath } from './routing/leads-paths.ts';
import { comparePath, hiddenOffersPath, offerListsActionPath } from './routing/offer-lists-paths.ts';
import { SCREEN_MODULES } from './routing/screen-modules.ts';

// Routes come from the domain route table (docs/decisions/002-url-prefixed-locales.md): every
// screen once per locale prefix (spec 2), plus `/` for home, each route with the table's own id
// (`root.home`, `de-AT.home`). Account screens sit under the account layout, whose loader is the
// sign-in guard; the others render in the default layout of root.tsx.

const toRoute = (entry: (typeof ROUTE_ENTRIES)[number]): RouteConfigEntry =>
  route(entry.pattern, SCREEN_MODULES[entry.screen], { id: entry.id });

const defaultRoutes = ROUTE_ENTRIES.filter((entry) => entry.layout === 'default').map(toRoute);
const accountRoutes = ROUTE_ENTRIES.filter((entry) => entry.layout === 'account').map(toRoute);

// Account screens the domain table does not list (issue 10): the leads inbox and the admin area
// (isAdmin only; its loader answers 404 to anyone else), in every locale.
const leadsAndAdminRoutes = LOCALES.flatMap((locale) => [
  route(leadsPath(locale), 'routes/leads.tsx', { id: `${locale}.accountLeads` }),
  // One conversation of the inbox (issue 38 point 10).
  route(`${leadsPath(locale)}/:id`, 'routes/lead-thread.tsx', {
    id: `${locale}.accountLeadThread`,
  }),
  // A signed-in buyer's conversations with sellers (issue 38 point 10).
  route(`${myMessagesPath(locale)}/:id?`, 'routes/my-messages.tsx', {
    id: `${locale}.accountMessages`,
  }),
  route(adminPath(locale), 'routes/admin.tsx', { id: `${locale}.admin` }),
  ...ADMIN_SECTIONS.map((section) =>
    route(adminPath(locale, section), 'routes/admin.tsx', { id: `${locale}.admin.${section}` }),
  ),
]);

// The buyer's side of a conversation, opened by the reply e-mail's link (issue 38 point 10).
const buyerThreadRoutes = LOCALES.map((locale) =>
  route(buyerThreadPath(locale, ':token'), 'routes/buyer-thread.tsx', {
    id: `${locale}.buyerThread`,
  }),
);

// The landing page of the "still available?" e-mail's links (issue 43 point 5, decision 065).
const availabilityRoutes = LOCALES.map((locale) =>
  route(availabilityLinkPath(locale, ':token'), 'routes/availability-link.tsx', {
    id: `${locale}.availabilityLink`,
  }),
);

// Shared search boards (issue 44 point 3, decision 071): the list and a board under the account
// layout's sign-in guard, and the page an invitation e-mail opens, in every locale.
const boardRoutes = LOCALES.flatMap((locale) => [
  route(boardsPath(locale), 'routes/boards.tsx', { id: `${locale}.accountBoards` }),
  route(boardPath(locale, ':id'), 'routes/board.tsx', { id: `${locale}.accountBoard` }),
]);
const boardInvitationRoutes = LOCALES.map((locale) =>
  route(boardInvitationPath(locale, ':token'), 'routes/board-invitation.tsx', {
    id: `${locale}.boardInvitation`,
  }),
);

// A blog post under its locale's blog (the spec lists the blog; its posts need addresses too).
const blogPostRoutes = LOCALES.map((locale) =>
  route(`/${locale}/blog/:slug`, 'routes/blog-post.tsx', { id: `${locale}.blogPost` }),
);

// Map mode of the results (issue 9): the offline basemap's style and GeoJSON, a point's card.
const mapRoutes = [route('/map/:file', 'routes/search-map.ts', { id: 'search-map' })];

// The property editor of my offers (issue 10): a new property and one's own by id, under the
// account layout's sign-in guard; photos are posted to a resource route beside it.
const propertyEditorRoutes = LOCALES.flatMap((locale) => [
  route(`/${locale}/account/my-offers/new`, 'routes/property-editor.tsx', {
    id: `${locale}.propertyEditorNew`,
  }),
  route(`/${locale}/account/my-offers/:id`, 'routes/property-editor.tsx', { id: `${locale}.propertyEditor` }),
]);
// One own offer's statistics over time (issue 38 point 11), under the account layout's guard.
const offerStatsRoutes = LOCALES.map((locale) =>
  route(`/${locale}/account/my-offers/:id/stats`, 'routes/offer-stats.tsx', {
    id: `${locale}.offerStats`,
  }),
);
const propertyPhotoRoutes = LOCALES.map((locale) =>
  route(`/${locale}/account/my-offers/:id/photos`, 'routes/property-photo-upload.ts', {
    id: `${locale}.propertyPhotoUpload`,
  }),
);

// The company profile (issue 38 point 12): its settings beside the account settings, under the
// account layout's sign-in guard, and the company's public page, in every locale.
const companySettingsRoutes = LOCALES.map((locale) =>
  route(companySettingsPath(locale), 'routes/company-settings.tsx', {
    id: `${locale}.accountCompanyProfile`,
  }),
);
const companyPageRoutes = LOCALES.map((locale) =>
  route(`/${locale}/company/:slug`, 'routes/company-page.tsx', {
    id: `${locale}.companyPage`,
  }),
);

// A company account's feeds, their runs and partner API keys (issue 42), under the account
// layout's sign-in guard; a feed's file is posted to a resource route beside them.
const feedRoutes = LOCALES.flatMap((locale) => [
  route(feedsPath(locale), 'routes/feeds.tsx', { id: `${locale}.accountFeeds` }),
  route(feedRunsPath(locale, ':id'), 'routes/feed-runs.tsx', { id: `${locale}.accountFeedRuns` }),
  route(feedRunPath(locale, ':runId'), 'routes/feed-run.tsx', { id: `${locale}.accountFeedRun` }),
  route(apiKeysPath(locale), 'routes/api-keys.tsx', { id: `${locale}.accountApiKeys` }),
]);
const feedUploadRoutes = LOCALES.map((locale) =>
  route(feedUploadPath(locale, ':id'), 'routes/feed-upload.ts', { id: `${locale}.accountFeedUpload` }),
);

// A seller's public page (issue 39 point 15), in every locale, like the company page.
const sellerPageRoutes = LOCALES.map((locale) =>
  route(`/${locale}/seller/:slug`, 'routes/seller-page.tsx', {
    id: `${locale}.sellerPage`,
  }),
);

// Issue 44 points 4 and 6 (decision 072): the compare page and the hidden offers at a word of
// each locale's language, and the resource route their forms post to.
const offerListsRoutes = LOCALES.flatMap((locale) => [
  route(comparePath(locale), 'routes/compare.tsx', { id: `${locale}.compare` }),
  route(hiddenOffersPath(locale), 'routes/hidden-offers.tsx', { id: `${locale}.hiddenOffers` }),
  route(offerListsActionPath(locale), 'routes/offer-lists-action.ts', { id: `${locale}.offerListsAction` }),
  route(`${offerListsActionPath(locale)}/viewed/:id`, 'routes/offer-viewed.ts', {
    id: `${locale}.offerViewed`,
  }),
  route(`${offerListsActionPath(locale)}/recent`, 'routes/recently-viewed.ts', {
    id: `${locale}.recentlyViewed`,
  }),
]);

// A sitemap index per locale, listing the locale's screens and content (hreflang in each entry).
const sitemapRoutes = [
  route('/sitemap.xml', 'routes/sitemap-index.ts', { id: 'sitemap-index' }),
  route('/robots.txt', 'routes/robots.ts', { id: 'robots' }),
  route('/sitemaps/:file', 'routes/sitemap.ts', { id: 'sitemap' }),
];

export default [
  ...defaultRoutes,
  ...blogPostRoutes,
  ...companyPageRoutes,
  ...sellerPageRoutes,
  ...offerListsRoutes,
  ...buyerThreadRoutes,
  ...availabilityRoutes,
  ...boardInvitationRoutes,
  layout('routes/account-layout.tsx', { id: 'account-layout' }, [
    ...accountRoutes,
    ...leadsAndAdminRoutes,
    ...propertyEditorRoutes,
    ...companySettingsRoutes,
    ...offerStatsRoutes,
    ...feedRoutes,
    ...boardRoutes,
  ]),
  ...propertyPhotoRoutes,
  ...feedUploadRoutes,
  ...sitemapRoutes,
  ...mapRoutes,
  // The offer detail's static map image, drawn on this server (features/offer-detail/static-map.ts).
  route('/static-maps/:locale/:file', 'routes/static-map.ts', { id: 'static-map' }),
  // Anything else, including an unknown locale prefix, is the 404 error page (spec 2).
  route('*', 'routes/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
