import { buildPath, type Screen } from '@estately/domain';
import type { MessageKey } from '@estately/i18n';
import { Link, useActionData } from 'react-router';
import { webConfigContext } from '../config.server.ts';
import { accountAction } from '../features/account/account-action.server.ts';
import { AccountHome } from '../features/account/account-home-view.tsx';
import { FavoritesView } from '../features/account/favorites-view.tsx';
import { LanguageCurrencySettings } from '../features/account/language-currency-settings-view.tsx';
import { loadAccountHome } from '../features/account/load-account-home.server.ts';
import { loadFavorites } from '../features/account/load-favorites.server.ts';
import { loadSettings } from '../features/account/load-settings.server.ts';
import { loadWatchDogs } from '../features/account/load-watch-dogs.server.ts';
import { NotificationSettings } from '../features/account/notification-settings-view.tsx';
import { PersonalSettings } from '../features/account/personal-settings-view.tsx';
import { WatchDogsView } from '../features/account/watch-dogs-view.tsx';
import { screenMessages } from '../features/auth/screen-messages.server.ts';
import { companySettingsPath } from '../features/company-profile/company-paths.ts';
import { LIST_COUNT_KEYS } from '../i18n/list-counts.ts';
import { requestApi } from '../request-state.server.ts';
import { pageTitle, screenOf, screenTitle } from '../routing/screen.server.ts';
import { retryLaterOrRethrow, throwIfRetryLater } from '../routing/unavailable.server.ts';
import { loadSession } from '../session/session.server.ts';
import { type FormResult, useRedirectToast, useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/account-page.ts';

// The account screens of spec 2 in the account layout (its loader already let only a signed-in
// user through): home with what needs attention, favourites, watch-dogs and the settings. The
// data and the actions are features/account's; this module picks them by screen.

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
  'account.my_offers_empty',
  'account.watch_dogs_empty',
  'account.watch_dog_name',
  'account.watch_dog_frequency',
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

export async function loader({ request, context }: Route.LoaderArgs) {
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
  const orNotice = async <T,>(load: Promise<T>): Promise<T | null> => {
    try {
      return await load;
    } catch (error) {
      if (error instanceof Response) throw error;
      // Refused for asking too often: the page that names the wait (issue 36), not the notice.
      throwIfRetryLater(error, context, 'limited');
      console.warn(`[web] ${screen}:`, error instanceof Error ? error.message : error);
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

export async function action({ request, context }: Route.ActionArgs) {
  const { screen, locale, t } = screenOf(request);
  return accountAction({ context, request, screen, locale, t });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<FormResult>();
  // A new password signs this device out too: the action sends the person to sign in again.
  useRedirectToast({ password: t('auth.password_changed') });
  return (
    <section data-testid={`screen-${loaderData.screen}`}>
      <h1>{loaderData.heading}</h1>
      {'loadError' in loaderData && loaderData.loadError && (
        <p className="notice" role="alert" data-testid="load-error">
          {t('error.generic')}
        </p>
      )}
      {'home' in loaderData && loaderData.home && <AccountHome home={loaderData.home} t={t} />}
      {'favorites' in loaderData && loaderData.favorites && (
        <FavoritesView favorites={loaderData.favorites} t={t} result={result} />
      )}
      {'watchDogs' in loaderData && loaderData.watchDogs && (
        <WatchDogsView watchDogs={loaderData.watchDogs} t={t} result={result} />
      )}
      {'settings' in loaderData && loaderData.settings && loaderData.screen === 'accountSettingsPersonal' && (
        <PersonalSettings settings={loaderData.settings} t={t} result={result} />
      )}
      {'settings' in loaderData &&
        loaderData.settings &&
        loaderData.screen === 'accountSettingsNotifications' && (
          <NotificationSettings settings={loaderData.settings} t={t} result={result} />
        )}
      {'settings' in loaderData &&
        loaderData.settings &&
        loaderData.screen === 'accountSettingsLanguageCurrency' && (
          <LanguageCurrencySettings
            settings={loaderData.settings}
            t={t}
            result={result}
            saved={loaderData.saved}
          />
        )}
      {loaderData.settingsLinks.length > 0 && (
        <ul className="pill-nav">
          {loaderData.settingsLinks.map((item) => (
            <li key={item.href}>
              <Link to={item.href}>{item.label}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
