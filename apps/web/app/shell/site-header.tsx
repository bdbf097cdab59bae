import { Form } from 'react-router';
import { loadBrowserApi } from '../api/load-browser-api.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { useFavoriteCount } from '../lib/favorite-store.ts';
import { useToast } from '../toasts/toast-provider.tsx';
import { Heart, Search, UserRound } from '../ui/icons.tsx';
import { CurrencySwitcher } from './currency-switcher.tsx';
import { LocaleSwitcher } from './locale-switcher.tsx';
import { PageLink } from './page-link.tsx';
import type { ShellData } from './shell-data.server.ts';

/** Header of the default and account layouts: logo, search, favourites, locale, currency, account. */
export function SiteHeader({ shell }: { shell: ShellData }) {
  const { t } = useI18n();
  const toast = useToast();
  // Hearts toggled on this page count at once, not only after the next navigation (issue 39).
  const favoriteCount = useFavoriteCount(shell.favoriteIds);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <PageLink to={shell.homeHref} className="site-logo">
          <span className="site-logo__mark" aria-hidden="true">
            E
          </span>
          <span>{t('meta.site_name')}</span>
          <span className="visually-hidden">, {t('nav.home')}</span>
        </PageLink>
        <nav className="site-nav" aria-label={t('nav.main_navigation')}>
          <PageLink to={shell.links.search} className="site-nav__link" data-testid="search-entry">
            <Search aria-hidden="true" size={18} />
            <span>{t('nav.search')}</span>
          </PageLink>
          <PageLink
            to={shell.user ? shell.links.favorites : shell.links.auth}
            className="site-nav__link"
            data-testid="favorites-count"
          >
            <Heart aria-hidden="true" size={18} />
            <span>{t('nav.favorites_count', { count: favoriteCount })}</span>
          </PageLink>
        </nav>
        <div className="site-header__tools">
          <LocaleSwitcher
            current={shell.locale}
            links={shell.localeLinks}
            label={t('nav.language')}
            onSwitch={(locale) => {
              // Spec 4: changing the user's locale patches preferredLanguage on the user.
              if (!shell.user) return undefined;
              return loadBrowserApi(shell.publicConfig.apiUrl)
                .then((api) => api.patch('/users/me', { preferredLanguage: locale }))
                .then(() => undefined)
                .catch(() => toast.show(t('error.profile_update_failed'), 'error'));
            }}
          />
          <CurrencySwitcher
            current={shell.currency}
            currencies={shell.currencies}
            label={t('nav.currency')}
            savedText={t('toast.saved')}
          />
          {shell.user ? (
            <details className="user-menu" data-testid="user-menu">
              <summary>
                <UserRound aria-hidden="true" size={18} />
                <span>{shell.user.displayName}</span>
              </summary>
              <ul className="user-menu__list">
                <li>
                  <PageLink to={shell.links.account}>{t('nav.my_account')}</PageLink>
                </li>
                <li>
                  {/* The auth screens' sign-out action revokes this device's refresh-token family
                      (POST /auth/logout) before the cookies expire; clearing cookies alone would
                      leave a valid refresh token behind. */}
                  <Form method="post" action={shell.links.auth} reloadDocument>
                    <input type="hidden" name="intent" value="signout" />
                    <button type="submit" data-testid="header-sign-out">
                      {t('nav.sign_out')}
                    </button>
                  </Form>
                </li>
              </ul>
            </details>
          ) : (
            <PageLink to={shell.links.auth} className="site-nav__link" data-testid="sign-in-link">
              <UserRound aria-hidden="true" size={18} />
              <span>{t('nav.sign_in')}</span>
            </PageLink>
          )}
        </div>
      </div>
    </header>
  );
}
