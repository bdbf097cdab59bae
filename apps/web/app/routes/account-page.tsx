import { buildPath, type Screen } from '@estately/domain';
import { Link } from 'react-router';
import { webConfigContext } from '../config.server.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { pageTitle, screenOf, screenTitle } from '../routing/screen.server.ts';
import { loadSession } from '../session/session.server.ts';
import type { Route } from './+types/account-page.ts';

// The account screens of spec 2 in the account layout (its loader already let only a signed-in
// user through). Their forms and lists come with the account issues; the frame shows what the
// session knows.

const SETTINGS: readonly Screen[] = [
  'accountSettingsPersonal',
  'accountSettingsNotifications',
  'accountSettingsLanguageCurrency',
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const config = context.get(webConfigContext);
  const { screen, locale, t } = screenOf(request);
  const session = await loadSession(context, request, config);
  const heading = screenTitle(t, screen);
  return {
    title: pageTitle(t, heading),
    heading,
    screen,
    email: session.user?.email ?? '',
    favoriteCount: session.favoriteIds.length,
    preferredLanguage: session.user?.preferredLanguage ?? null,
    preferredCurrency: session.user?.preferredCurrency ?? null,
    settings:
      screen === 'accountSettings'
        ? SETTINGS.map((target) => ({
            href: buildPath(target as 'account', locale),
            label: screenTitle(t, target),
          }))
        : [],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <section data-testid={`screen-${loaderData.screen}`}>
      <h1>{loaderData.heading}</h1>
      {loaderData.screen === 'account' && <p>{loaderData.email}</p>}
      {loaderData.screen === 'accountFavorites' && (
        <p>
          {loaderData.favoriteCount === 0
            ? t('account.favorites_empty')
            : t('nav.favorites_count', { count: loaderData.favoriteCount })}
        </p>
      )}
      {loaderData.screen === 'accountMyOffers' && <p>{t('account.my_offers_empty')}</p>}
      {loaderData.screen === 'accountWatchDogs' && <p>{t('account.watch_dogs_empty')}</p>}
      {loaderData.screen === 'accountSettingsLanguageCurrency' && (
        <dl className="facts">
          <div>
            <dt>{t('account.preferred_language')}</dt>
            <dd>{loaderData.preferredLanguage ?? '–'}</dd>
          </div>
          <div>
            <dt>{t('account.preferred_currency')}</dt>
            <dd>{loaderData.preferredCurrency ?? '–'}</dd>
          </div>
        </dl>
      )}
      {loaderData.settings.length > 0 && (
        <ul className="pill-nav">
          {loaderData.settings.map((item) => (
            <li key={item.href}>
              <Link to={item.href}>{item.label}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
