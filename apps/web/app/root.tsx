import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root.ts';
import { webConfigContext } from './config.server.ts';
import { I18nProvider, useI18n } from './i18n/i18n-context.tsx';
import { ErrorPage } from './shell/error-page.tsx';
import { loadShellData, type ShellData } from './shell/shell-data.server.ts';
import { SiteFooter } from './shell/site-footer.tsx';
import { SiteHeader } from './shell/site-header.tsx';
import { useShellData } from './shell/use-shell-data.ts';
import stylesHref from './styles.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export function loader({ request, context }: Route.LoaderArgs): ShellData {
  return loadShellData(request, context.get(webConfigContext));
}

function Shell(props: { shell: ShellData | undefined; children: ReactNode }) {
  const { t } = useI18n();
  const { shell } = props;
  return (
    <>
      {/* The first tab stop on every page (WCAG 2.4.1 bypass blocks). */}
      <a className="skip-link" href="#main">
        {t('nav.skip_to_content')}
      </a>
      {shell && (
        <SiteHeader
          locale={shell.locale}
          homeHref={shell.homeHref}
          siteName={t('meta.site_name')}
          homeLabel={t('nav.home')}
          languageLabel={t('nav.language')}
          localeLinks={shell.localeLinks}
        />
      )}
      <main id="main" tabIndex={-1}>
        {props.children}
      </main>
      {shell && (
        <SiteFooter
          navLabel={t('footer.navigation')}
          copyright={t('footer.copyright', { year: shell.year })}
          links={shell.footerLinks.map((link) => ({ href: link.href, label: t(link.label) }))}
        />
      )}
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const shell = useShellData();
  // Without the root loader's data (it failed) the page falls back to the spec's English texts.
  const locale = shell?.locale ?? 'en';
  const dir = shell?.dir ?? 'ltr';
  return (
    <html lang={locale} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {shell?.seo && <link rel="canonical" href={shell.seo.canonical} />}
        {shell?.seo?.alternates.map((alternate) => (
          <link
            key={alternate.hrefLang}
            rel="alternate"
            hrefLang={alternate.hrefLang}
            href={alternate.href}
          />
        ))}
      </head>
      <body>
        <I18nProvider locale={locale} tag={shell?.tag ?? 'en-US'} dir={dir} messages={shell?.messages ?? {}}>
          <Shell shell={shell}>{children}</Shell>
        </I18nProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useShellData();
  return <ErrorPage error={error} homeHref={shell?.homeHref ?? '/'} />;
}
