import { Link, useActionData } from 'react-router';
import { type FormResult, useRedirectToast, useText } from '../../ui/forms/form-ui.tsx';
import { AccountHome } from './account-home-view.tsx';
import { FavoritesView } from './favorites-view.tsx';
import { LanguageCurrencySettings } from './language-currency-settings-view.tsx';
import type { AccountPageData } from './load-account-page.server.ts';
import { NotificationSettings } from './notification-settings-view.tsx';
import { PersonalSettings } from './personal-settings-view.tsx';
import { WatchDogsView } from './watch-dogs-view.tsx';

/** An account screen: its heading and the view of the screen. */
export function AccountPage({ loaderData }: { loaderData: AccountPageData }) {
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
