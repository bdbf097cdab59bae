import { isRouteErrorResponse, Link, useLocation } from 'react-router';
import { type Translate, useI18n } from '../i18n/i18n-context.tsx';
import { tooManyRequestsText } from '../i18n/retry-wait.ts';

/** HTTP status of whatever a loader or component threw; uncaught errors are 500 (spec 8). */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The wait a 429 or 503 page names (routing/unavailable.server.ts throws it as the error's data). */
export function errorRetryAfter(error: unknown): number | null {
  if (!isRouteErrorResponse(error)) return null;
  const seconds = (error.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

type Variant = 'not-found' | 'too-many-requests' | 'unavailable' | 'server-error';

function pageTexts(
  variant: Variant,
  t: Translate,
  fullPath: string,
  retryAfter: number | null,
): { title: string; text: string } {
  switch (variant) {
    case 'not-found':
      return { title: t('error.not_found_title'), text: t('error.page_not_found_path', { path: fullPath }) };
    case 'too-many-requests':
      return {
        title: t('status.too_many_requests'),
        text: tooManyRequestsText(t, retryAfter),
      };
    case 'unavailable':
      return { title: t('status.service_unavailable'), text: t('error.unavailable_text') };
    default:
      return { title: t('error.server_error_title'), text: t('error.server_error_text') };
  }
}

function variantOf(status: number): Variant {
  if (status === 404) return 'not-found';
  if (status === 429) return 'too-many-requests';
  if (status === 503) return 'unavailable';
  return 'server-error';
}

/**
 * The error page of spec 2: a not-found variant for 404 and a server-error variant otherwise,
 * with two that ask to come back (issue 36): too many requests (429, naming the wait) and the
 * service unavailable (503, try again shortly). Error details never reach the page; the server
 * logs them (entry.server.tsx).
 */
export function ErrorPage(props: { error: unknown; homeHref: string }) {
  const { t } = useI18n();
  const location = useLocation();
  const status = errorStatus(props.error);
  const variant = variantOf(status);
  const notFound = variant === 'not-found';
  const fullPath = `${location.pathname}${location.search}`;
  const { title, text } = pageTexts(variant, t, fullPath, errorRetryAfter(props.error));
  return (
    <div className="container error-page" data-testid={variant}>
      <title>{`${title} | ${t('meta.site_name')}`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1>{title}</h1>
      <p className="error-page__message">{text}</p>
      {notFound && <p>{t('error.not_found_text')}</p>}
      <p>
        <Link to={props.homeHref}>{t('error.back_home')}</Link>
      </p>
    </div>
  );
}
