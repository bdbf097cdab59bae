import type { Locale } from '@estately/domain';
import { Link } from 'react-router';
import { type LocaleLink, LocaleSwitcher } from './locale-switcher.tsx';

export function SiteHeader(props: {
  locale: Locale;
  homeHref: string;
  siteName: string;
  homeLabel: string;
  languageLabel: string;
  localeLinks: LocaleLink[];
}) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={props.homeHref} className="site-logo" aria-label={`${props.siteName}, ${props.homeLabel}`}>
          <span className="site-logo__mark" aria-hidden="true">
            E
          </span>
          <span>{props.siteName}</span>
        </Link>
        <LocaleSwitcher current={props.locale} links={props.localeLinks} label={props.languageLabel} />
      </div>
    </header>
  );
}
