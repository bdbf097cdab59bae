import { type ReactNode, Suspense, useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root.ts';
import { browserStatsToken } from './api/stats-token.ts';
import { webConfigContext } from './config.server.ts';
import { I18nProvider, useI18n } from './i18n/i18n-context.tsx';
import { pickRequestLocale } from './locale/pick-locale.server.ts';
// The nonce's context after the locale, where the browser's framework file has always had it.

import { useNonce } from './document/nonce-context.tsx';
// The request's state and the routing.

import { ownApi, requestIdHeaders } from './request-state.server.ts';
import { type Packed, pack } from './routing/packed-data.ts';
import { pageUrl } from './routing/page-url.ts';
import { redirectMissesContext } from './routing/redirect-misses.server.ts';
import { followStoredRedirect } from './routing/resolve-redirect.server.ts';
import { displayCurrency } from './routing/screen.server.ts';
import { loadSession } from './session/session.server.ts';
import { ErrorView } from './shell/error-view.tsx';
// The icons are imported here, between the error view and the inline styles, so the browser's
// framework file keeps its order of modules (a different order compresses a few dozen bytes worse).

import { IconSprite } from './ui/icons.tsx';
// The rest of the shell.

import { InlineStyles } from './shell/inline-styles.tsx';
import { loadShellData, type ShellData } from './shell/shell-data.server.ts';
import { SiteFooter } from './shell/site-footer.tsx';
import { SiteHeader } from './shell/site-header.tsx';
import { useShellData } from './shell/use-shell-data.ts';
import { ToastProvider } from './toasts/toast-provider.tsx';

// The site's stylesheet is inside the document (InlineStyles), not a render-blocking link.
export const links: Route.LinksFunction = () => [
  // The site icon (public/): without one browsers ask for /favicon.ico and log its 404.
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<Packed<ShellData>> {
  const config = context.get(webConfigContext);
  // The global redirect guard and the session (spec 2 and 4) are asked at once. The redirect
  // lookup is the web server's own call (kept a few seconds for everyone): no visitor pays for it.
  const [, session] = await Promise.all([
    followStoredRedirect(
      ownApi(config),
      pageUrl(request),
      request.signal,
      context.get(redirectMissesContext),
      requestIdHeaders(context),
    ),
    loadSession(context, request, config),
  ]);
  const { locale } = pickRequestLocale(request);
  // Sent as JSON text (routing/packed-data.ts); useShellData unpacks it.
  return pack(
    loadShellData(request, config, new Date(), {
      user: session.user
        ? { displayName: session.user.displayName, preferredLanguage: session.user.preferredLanguage }
        : null,
      favoriteIds: session.favoriteIds,
      currency: displayCurrency(request, locale, session.user?.preferredCurrency),
    }),
  );
}

function Shell(props: { shell: ShellData | undefined; children: ReactNode }) {
  const { t } = useI18n();
  // The visitor's statistics token (3 hours, spec 9) is made in the browser, once per visit, so
  // server renders forward it and an offer's views count once per visitor.
  useEffect(() => {
    browserStatsToken();
  }, []);
  const { shell } = props;
  return (
    <>
      {/* The first tab stop on every page (WCAG 2.4.1 bypass blocks). */}
      <a className="skip-link" href="#main">
        {t('nav.skip_to_content')}
      </a>
      {shell && <SiteHeader shell={shell} />}
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
  const nonce = useNonce();
  // Without the root loader's data (it failed) the page falls back to the spec's English texts.
  const locale = shell?.locale ?? 'en';
  const dir = shell?.dir ?? 'ltr';
  return (
    <html lang={locale} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <InlineStyles nonce={nonce} />
        {/* The nonce the server gave the stylesheet links reads as "" in the browser: the same here, so hydration matches. */}
        <Links nonce={nonce} />
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
        <IconSprite />
        <I18nProvider locale={locale} tag={shell?.tag ?? 'en-US'} dir={dir} messages={shell?.messages ?? {}}>
          <ToastProvider>
            <Shell shell={shell}>{children}</Shell>
          </ToastProvider>
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useShellData();
  // In the browser the error page's code is fetched when it is needed (shell/error-view.tsx).
  return (
    <Suspense fallback={null}>
      <ErrorView error={error} homeHref={shell?.homeHref ?? '/'} />
    </Suspense>
  );
}
