import type { Locale } from '@estately/domain';
import { useNavigate } from 'react-router';
import { serializeLocaleCookie } from '../locale/locale-cookie.ts';
import { PageLink } from './page-link.tsx';

export interface LocaleLink {
  locale: Locale;
  /** BCP-47 tag of the locale, for the link's `lang` and `hrefLang`. */
  tag: string;
  /** Name of the locale in its own language. */
  label: string;
  href: string;
}

/**
 * The 30 locales with their native names, each linking to the same screen in that locale. A
 * disclosure (<details>) needs no script; after hydration a click also remembers the choice in
 * the `locale` cookie for 365 days (spec 9), which `/` then honours.
 */
export function LocaleSwitcher(props: {
  current: Locale;
  links: LocaleLink[];
  label: string;
  /**
   * After the cookie is set, e.g. to store the choice on the signed-in user. A promise holds the
   * navigation until it settles: the new page's loaders then see any tokens the call refreshed,
   * instead of spending the same single-use refresh token a second time.
   */
  onSwitch?: (locale: Locale) => Promise<void> | undefined;
}) {
  const navigate = useNavigate();
  const current = props.links.find((link) => link.locale === props.current);
  return (
    <details className="locale-switcher">
      <summary>
        <span className="visually-hidden">{props.label}: </span>
        <span>{current?.label ?? props.current}</span>
      </summary>
      <ul className="locale-switcher__list" aria-label={props.label}>
        {props.links.map((link) => (
          <li key={link.locale}>
            <PageLink
              to={link.href}
              lang={link.tag}
              dir="auto"
              hrefLang={link.tag}
              // Discovered when clicked, not when rendered: React Router otherwise asks for the
              // route manifest of all 29 other locales' paths right after hydration (15 KB on
              // home, 30 KB on results, 41 KB on a detail page, gzip), on every first load, for
              // links a visitor seldom follows (docs/benchmarks.md, 2026-11-26).
              discover="none"
              aria-current={link.locale === props.current ? 'true' : undefined}
              onClick={(event) => {
                // biome-ignore lint/suspicious/noDocumentCookie: the value is built and escaped by serializeLocaleCookie; the Cookie Store API is not in every supported browser.
                document.cookie = serializeLocaleCookie(link.locale, window.location.protocol === 'https:');
                event.currentTarget.closest('details')?.removeAttribute('open');
                const pending = link.locale !== props.current ? props.onSwitch?.(link.locale) : undefined;
                if (!pending) return;
                event.preventDefault();
                void pending.finally(() => navigate(link.href));
              }}
            >
              {link.label}
            </PageLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
