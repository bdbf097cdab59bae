import { REDIRECT_MESSAGE_KEYS } from '@estately/domain';
import { createTranslator, type MessageKey } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs, RouterContextProvider } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { errorText, requestLog } from '../../request-state.server.ts';
import { adminSectionOf } from '../../routing/admin-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { notFound, pageTitle } from '../../routing/screen.server.ts';
import { throwIfRetryLater } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import { adminAction } from './admin-action.server.ts';
import { adminNav } from './admin-shared.server.ts';
import { loadAdminHome } from './load-admin-home.server.ts';
import { loadOfferModeration } from './load-offer-moderation.server.ts';
import { loadRedirects } from './load-redirects.server.ts';
import { loadReports } from './load-reports.server.ts';
import { loadScamFlags, SCAM_FLAG_MESSAGES } from './load-scam-flags.server.ts';

// The admin area's page, `/{locale}/account/admin` and its sections (issue 10): the section's
// data for an admin, a 404 for anyone else, and the sections' form posts.

const MESSAGES: readonly MessageKey[] = [
  ...(REDIRECT_MESSAGE_KEYS as readonly MessageKey[]),
  ...SCAM_FLAG_MESSAGES,
  'admin.title',
  'admin.intro',
  'admin.reports',
  'admin.offers',
  'admin.redirects',
  'admin.open_reports',
  'admin.reports_empty',
  'admin.reported_by',
  'admin.reported_at',
  'admin.reports_on_offer',
  'admin.resolve',
  'admin.dismiss',
  'admin.strike_on_resolve',
  'admin.offer_id',
  'admin.find_offer',
  'admin.offer_not_found',
  'admin.verified',
  'admin.not_verified',
  'admin.verify',
  'admin.unverify',
  'admin.struck',
  'admin.not_struck',
  'admin.struck_short',
  'admin.strike_reason',
  'admin.strike',
  'admin.lift_strike',
  'admin.trust_score',
  'admin.view_offer',
  'admin.moderate',
  'admin.redirect_from',
  'admin.redirect_to',
  'admin.redirect_status',
  'admin.redirect_hits',
  'admin.redirect_created',
  'admin.redirect_add',
  'admin.redirect_edit',
  'admin.redirects_empty',
  'admin.redirect_search',
  'admin.actions',
  'account.offer_state',
  'account.confirm_delete',
  'action.save',
  'action.cancel',
  'action.edit',
  'action.delete',
  'action.search',
  LIST_COUNT_KEYS.reports,
  LIST_COUNT_KEYS.redirects,
  'results.page',
  'results.previous',
  'results.next',
  'results.pagination',
];

const HEADINGS = {
  home: 'admin.title',
  reports: 'admin.reports',
  scams: 'admin.scams',
  offers: 'admin.offers',
  redirects: 'admin.redirects',
} as const satisfies Record<string, MessageKey>;

function requestOf(request: Request) {
  const url = pageUrl(request);
  const locale = localeFromPathname(url.pathname) ?? 'cs';
  return { locale, t: createTranslator(locale), section: adminSectionOf(url.pathname) };
}

/** Only an admin gets past: a guest is being sent to sign in by the layout; anyone else 404s. */
async function requireAdmin(context: Readonly<RouterContextProvider>, request: Request): Promise<boolean> {
  const session = await loadSession(context, request, context.get(webConfigContext));
  if (!session.user) return false;
  if (!session.user.isAdmin) notFound();
  return true;
}

export async function loadAdminPage({ request, context }: LoaderFunctionArgs) {
  const { locale, t, section } = requestOf(request);
  const heading = t(HEADINGS[section ?? 'home']);
  const base = {
    title: pageTitle(t, heading),
    heading,
    section: section ?? 'home',
    nav: adminNav(locale, t),
    navLabel: t('admin.title'),
    messages: screenMessages(locale, MESSAGES),
    loadError: false,
  };
  const empty = { home: null, reports: null, scams: null, offer: null, redirects: null };
  if (!(await requireAdmin(context, request))) return { ...base, ...empty };
  try {
    switch (section) {
      case 'reports':
        return { ...base, ...empty, reports: await loadReports(context, request, locale, t) };
      case 'scams':
        return { ...base, ...empty, scams: await loadScamFlags(context, request, locale, t) };
      case 'offers':
        return { ...base, ...empty, offer: await loadOfferModeration(context, request, locale, t) };
      case 'redirects':
        return { ...base, ...empty, redirects: await loadRedirects(context, request, locale, t) };
      default:
        return { ...base, ...empty, home: await loadAdminHome(context, request, locale) };
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    // Refused for asking too often: the page that names the wait (issue 36), not the notice.
    throwIfRetryLater(error, context, 'limited');
    requestLog(context).warn({ section: section ?? 'home', error: errorText(error) }, 'admin page failed');
    return { ...base, ...empty, loadError: true };
  }
}

export async function adminPageAction({ request, context }: ActionFunctionArgs) {
  const { locale, t, section } = requestOf(request);
  if (!(await requireAdmin(context, request))) notFound();
  return adminAction({ context, request, section, locale, t });
}
