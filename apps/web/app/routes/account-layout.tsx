import { Form, NavLink, Outlet } from 'react-router';
import { loadAccountLayout } from '../features/account/load-account-layout.server.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { useRedirectToast } from '../ui/forms/form-ui.tsx';
import formsStylesHref from '../ui/forms/forms.css?url';
import type { Route } from './+types/account-layout.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: formsStylesHref }];

// The account layout (spec 2) and the guard of every account screen: the current user is loaded
// if not yet known; a guest goes to the locale's auth page with the path to come back to.

export const loader = (args: Route.LoaderArgs) => loadAccountLayout(args);

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  useRedirectToast({ signout: loaderData.signOut.done });
  return (
    <div className="container account-layout" data-testid="account-layout">
      <nav className="account-nav" aria-label={t('nav.account_navigation')}>
        <p className="account-nav__user">{t('account.greeting', { name: loaderData.userName })}</p>
        <ul>
          {loaderData.nav.map((item) => (
            <li key={item.href}>
              <NavLink to={item.href} end={!('section' in item && item.section)}>
                {item.label}
                {'badge' in item && item.badge && (
                  <>
                    {' '}
                    <span className="badge account-nav__badge" aria-hidden="true" data-testid="nav-unread">
                      {item.badge.count}
                    </span>
                    <span className="visually-hidden">, {item.badge.text}</span>
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
        <Form method="post" action={loaderData.signOut.action} className="account-nav__signout">
          <input type="hidden" name="intent" value="signout" />
          <button type="submit" className="button" data-testid="sign-out">
            {loaderData.signOut.label}
          </button>
        </Form>
      </nav>
      <div className="account-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
