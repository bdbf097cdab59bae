import { buildPath, type Screen } from '@estately/domain';
import type { MessageKey } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import { errorText, requestApi, requestLog } from '../../request-state.server.ts';
import { companySettingsPath } from '../../routing/company-paths.ts';
import { pageTitle, screenOf, screenTitle } from '../../routing/screen.server.ts';
import { retryLaterOrRethrow, throwIfRetryLater } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import { accountAction } from './account-action.server.ts';
import { loadAccountHome } from './load-account-home.server.ts';
import { loadFavorites } from './load-favorites.server.ts';
import { loadSettings } from './load-settings.server.ts';
import { loadWatchDogs } from './load-watch-dogs.server.ts';

// The account screens' page (spec 2): each screen's texts and data, picked by screen, and their
// form posts (account-action.server.ts).

const SETTINGS: readonly Screen[] = [
  'accountSettingsPersonal',
  'accountSettingsNotifications',
  'accountSettingsLanguageCurrency',
];

const MESSAGES: readonly MessageKey[] = [
  'account.attention',
  'account.new_leads',
  'account.drafts',
  'account.active_watch_dogs',
  'account.unverified',
  'account.settings',
  'account.personal',
  'account.favorites_empty',
  // Issue 44 point 3: favourites move to a shared search board.
  'boards.move_to_board',
  'boards.choose_board',
  'boards.no_boards',
  'boards.title',
  'account.my_offers_empty',
  'account.watch_dogs_empty',
  'account.watch_dog_name',
  'account.watch_dog_frequency',
  'account.watch_dog_kinds',
  'account.open_search',
  'account.confirm_delete',
  'account.profile_picture',
  'account.change_picture',
  'account.change_password',
  'account.change_email',
  'account.contact_email',
  'account.preferred_language',
  'account.preferred_currency',
  'account.notify_watch_dogs',
  'account.notify_messages',
  'account.notify_offer_updates',
  'account.notify_news',
  'auth.resend_confirmation',
  'auth.first_name',
  'auth.last_name',
  'auth.phone',
  'auth.street',
  'auth.street_number',
  'auth.zip',
  'auth.city',
  'auth.email',
  'auth.password',
  'auth.current_password',
  'auth.new_password',
  'auth.password_hint',
  'auth.password_changed',
  'nav.favorites_count',
  'filter.offer_type',
  LIST_COUNT_KEYS.watchDogs,
  'results.page',
  'results.previous',
  'results.next',
  'results.pagination',
  'offer.remove_favorite',
  'action.search',
  'action.save',
  'action.rename',
  'action.pause',
  'action.resume',
  'action.delete',
  'toast.saved',
];

export async function loadAccountPage({ request, context }: LoaderFunctionArgs) {
  const config = context.get(webConfigContext);
  const { screen, locale, t, url } = screenOf(request);
  const session = await loadSession(context, request, config);
  const heading = screenTitle(t, screen);
  const base = {
    title: pageTitle(t, heading),
    heading,
    screen,
    messages: screenMessages(locale, MESSAGES),
    favoriteCount: session.favoriteIds.length,
    saved: url.searchParams.get('saved') === '1',
    settingsLinks:
      screen === 'accountSettings'
        ? SETTINGS.map((target) => ({
            href: buildPath(target as 'account', locale),
            label: screenTitle(t, target),
          }))
        : [],
  };
  // A guest is being sent to sign in by the layout's guard, which runs beside this loader.
  if (!session.user) return base;
  // A company account's settings also list its company profile (issue 38 point 12).
  if (screen === 'accountSettings') {
    const me = await requestApi(context, request, config)
      .client.get<{ accountType?: string }>('/user/me')
      .catch(() => null);
    if (me?.accountType === 'company')
      base.settingsLinks.push({ href: companySettingsPath(locale), label: t('company.settings_title') });
  }
  // A list the API cannot give right now leaves the page, its navigation and the shell working
  // and says so, rather than replacing the account with the error page.
  let loadError = false;
  const orNotice = async <T>(load: Promise<T>): Promise<T | null> => {
    try {
      return await load;
    } catch (error) {
      if (error instanceof Response) throw error;
      // Refused for asking too often: the page that names the wait (issue 36), not the notice.
      throwIfRetryLater(error, context, 'limited');
      requestLog(context).warn({ screen, error: errorText(error) }, 'account list failed');
      loadError = true;
      return null;
    }
  };
  switch (screen) {
    case 'account':
      return {
        ...base,
        home: await loadAccountHome(context, request, locale).catch(retryLaterOrRethrow(context)),
      };
    case 'accountFavorites': {
      const favorites = await orNotice(loadFavorites(context, request, locale, t));
      return { ...base, favorites, loadError };
    }
    case 'accountWatchDogs': {
      const watchDogs = await orNotice(loadWatchDogs(context, request, locale, t));
      return { ...base, watchDogs, loadError };
    }
    case 'accountSettingsPersonal':
    case 'accountSettingsNotifications':
    case 'accountSettingsLanguageCurrency': {
      const settings = await orNotice(loadSettings(context, request, locale));
      return { ...base, settings, loadError };
    }
    default:
      return base;
  }
}

export async function accountPageAction({ request, context }: ActionFunctionArgs) {
  const { screen, locale, t } = screenOf(request);
  return accountAction({ context, request, screen, locale, t });
}

/** What an account screen shows. */
export type AccountPageData = Awaited<ReturnType<typeof loadAccountPage>>;
