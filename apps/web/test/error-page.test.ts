import { translate } from '@estately/i18n';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../app/i18n/i18n-context.tsx';
import { ErrorPage, errorStatus } from '../app/shell/error-page.tsx';
import { clientMessages } from '../app/shell/shell-data.server.ts';

// The error page of spec 2 rendered the way the root error boundary renders it.
function render(
  error: unknown,
  path: string,
  locale: 'cs' | 'en' | 'ar' = 'en',
  withMessages = true,
): string {
  const page = createElement(ErrorPage, { error, homeHref: `/${locale}` });
  const messages = withMessages ? clientMessages(locale) : {};
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      { initialEntries: [path] },
      createElement(I18nProvider, { locale, tag: locale, dir: 'ltr', messages }, page),
    ),
  );
}

/** A route error response, as React Router hands a thrown `data(null, {status})` to a boundary. */
function routeError(status: number, data: unknown = null): unknown {
  return new ErrorResponseImpl(status, '', data);
}

describe('error page', () => {
  it('shows the not-found variant with the full path', () => {
    const html = render(routeError(404), '/xx-unknown?q=1');
    expect(errorStatus(routeError(404))).toBe(404);
    expect(html).toContain('<h1>Page Not Found</h1>');
    expect(html).toContain('Page Not Found: /xx-unknown?q=1');
    expect(html).toContain('data-testid="not-found"');
  });

  it('translates the not-found variant', () => {
    const html = render(routeError(404), '/nic', 'cs');
    expect(html).toContain(`<h1>${translate('cs', 'error.not_found_title')}</h1>`);
    expect(html).toContain(translate('cs', 'error.page_not_found_path', { path: '/nic' }));
  });

  it('shows the server-error variant for anything else, without details', () => {
    const html = render(new Error('database password is hunter2'), '/en');
    expect(errorStatus(new Error('x'))).toBe(500);
    expect(html).toContain('<h1>Internal Server Error</h1>');
    expect(html).toContain('data-testid="server-error"');
    expect(html).not.toContain('hunter2');
  });

  it('shows the unavailable variant for a 503: try again shortly', () => {
    const html = render(routeError(503, { retryAfterSeconds: 5 }), '/cs', 'cs');
    expect(html).toContain('data-testid="unavailable"');
    expect(html).toContain(`<h1>${translate('cs', 'status.service_unavailable')}</h1>`);
    expect(html).toContain(translate('cs', 'error.unavailable_text'));
  });

  it('shows the too-many-requests variant with the wait in the visitor’s language', () => {
    for (const locale of ['cs', 'en', 'ar'] as const) {
      const html = render(routeError(429, { retryAfterSeconds: 12 }), `/${locale}`, locale);
      expect(html).toContain('data-testid="too-many-requests"');
      expect(html).toContain(`<h1>${translate(locale, 'status.too_many_requests')}</h1>`);
      expect(html).toContain(translate(locale, 'error.too_many_requests_text', { seconds: 12 }));
    }
    expect(render(routeError(429, { retryAfterSeconds: 1 }), '/en')).toContain('try again in 1 second.');
    // A 429 page without its wait says a minute (the API's budgets are per minute).
    expect(render(routeError(429), '/en')).toContain('try again in 60 seconds.');
    // A long wait (a login budget is per 15 minutes, a sign-up's per hour) in minutes or hours.
    expect(render(routeError(429, { retryAfterSeconds: 90 }), '/en')).toContain('try again in 90 seconds.');
    expect(render(routeError(429, { retryAfterSeconds: 843 }), '/en')).toContain('try again in 15 minutes.');
    expect(render(routeError(429, { retryAfterSeconds: 843 }), '/cs', 'cs')).toContain('znovu za 15 minut.');
    expect(render(routeError(429, { retryAfterSeconds: 7200 }), '/en')).toContain('try again in 2 hours.');
    expect(render(routeError(429, { retryAfterSeconds: 843 }), '/ar', 'ar')).toContain('بعد 15 دقيقة.');
  });

  it('falls back to the spec’s English texts when no catalog reached the page', () => {
    const html = render(new Error('root loader failed'), '/de', 'en', false);
    expect(html).toContain('<h1>Internal Server Error</h1>');
    expect(render(routeError(404), '/x', 'en', false)).toContain('Page Not Found: /x');
  });
});
