import { isRouteErrorResponse, Link, useLocation } from 'react-router';
import { useI18n } from '../i18n/i18n-context.tsx';

/** HTTP status of whatever a loader or component threw; uncaught errors are 500 (spec 8). */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * The error page of spec 2: a not-found variant for 404 and a server-error variant otherwise.
 * Error details never reach the page; the server logs them (entry.server.tsx).
 */
export function ErrorPage(props: { error: unknown; homeHref: string }) {
  const { t } = useI18n();
  const location = useLocation();
  const status = errorStatus(props.error);
  const notFound = status === 404;
  const fullPath = `${location.pathname}${location.search}`;
  const title = notFound ? t('error.not_found_title') : t('error.server_error_title');
  return (
    <div className="container error-page" data-testid={notFound ? 'not-found' : 'server-error'}>
      <title>{`${title} | ${t('meta.site_name')}`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1>{title}</h1>
      <p className="error-page__message">
        {notFound ? t('error.page_not_found_path', { path: fullPath }) : t('error.server_error_text')}
      </p>
      {notFound && <p>{t('error.not_found_text')}</p>}
      <p>
        <Link to={props.homeHref}>{t('error.back_home')}</Link>
      </p>
    </div>
  );
}
