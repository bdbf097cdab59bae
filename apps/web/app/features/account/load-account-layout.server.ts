import { buildPath, type Screen } from '@estately/domain';
import { createTranslator } from '@estately/i18n';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { pickRequestLocale } from '../../locale/pick-locale.server.ts';
import { requestApi } from '../../request-state.server.ts';
import { adminPath } from '../../routing/admin-paths.ts';
import { apiKeysPath, feedsPath } from '../../routing/feeds-paths.ts';
import { leadsPath, myMessagesPath } from '../../routing/leads-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { screenTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';

// The account layout (spec 2) and the guard of every account screen: the current user is loaded
// if not yet known; a guest goes to the locale's auth page with the path to come back to.

const ACCOUNT_NAV: readonly Screen[] = [
  'account',
  'accountFavorites',
  'accountMyOffers',
  'accountWatchDogs',
  'accountSettings',
];

/** The auth page a guest is sent to, with the full path to return to after signing in. */
function signInRedirect(url: URL): string {
  const locale = localeFromPathname(url.pathname) ?? 'cs';
  return `${buildPath('auth', locale)}?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The account layout's loader: the sign-in guard, the user's name and the account's navigation. */
export async function loadAccountLayout({ request, context }: LoaderFunctionArgs) {
  const config = context.get(webConfigContext);
  const session = await loadSession(context, request, config);
  const url = pageUrl(request);
  if (!session.user) {
    // The API could not say who this is (429, unavailable): the page to try again later.
    if (session.failure) throwPageFailure(session.failure, context);
    throw redirect(signInRedirect(url), 302);
  }
  const { locale } = pickRequestLocale(request);
  const t = createTranslator(locale);
  // The buyers' messages not read yet, as a badge on the inbox's link (issue 38 point 10); left
  // out when the API cannot say.
  const unread = await requestApi(context, request, config)
    .client.get<{ messages: number }>('/lead_threads/unread')
    .then((answer) => answer.messages)
    .catch(() => 0);
  return {
    userName: session.user.displayName,
    // Signing out is the auth screens' action (POST /auth/logout, then the cookies expire).
    signOut: { action: buildPath('auth', locale), label: t('nav.sign_out'), done: t('auth.signed_out') },
    nav: [
      ...ACCOUNT_NAV.map((screen) => ({
        href: buildPath(screen as 'account', locale),
        label: screenTitle(t, screen),
      })),
      // The leads inbox and, for admins only, the admin area (issue 10).
      {
        href: leadsPath(locale),
        label: t('leads.title'),
        badge: unread > 0 ? { count: unread, text: t('lead_thread.unread', { count: unread }) } : undefined,
      },
      // A signed-in buyer's conversations with sellers (issue 38 point 10).
      { href: myMessagesPath(locale), label: t('lead_thread.my_title') },
      // A company account's feeds and partner API keys (issue 42); the feeds link stays current on
      // a feed's runs and a run's page.
      ...(session.user.isCompany
        ? [
            { href: feedsPath(locale), label: t('feeds.title'), section: true },
            { href: apiKeysPath(locale), label: t('api_keys.title') },
          ]
        : []),
      // The admin link stays current on the area's sections too.
      ...(session.user.isAdmin ? [{ href: adminPath(locale), label: t('admin.title'), section: true }] : []),
    ],
  };
}
